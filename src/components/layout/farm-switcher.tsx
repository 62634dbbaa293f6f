import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDemoFarm } from '../demo-farm.tsx';
import { Dialog } from '../dialog.tsx';
import { rememberFarm, useCurrentFarm } from '../farm-data.tsx';
import { switchFarmPath } from '../farm-path.ts';
import { CheckIcon, ChevronDownIcon, PlusIcon } from '../icons.tsx';
import { useToast } from '../toast.tsx';

/** Navbar button with the open farm's name; opens the farm list overlay. */
export function FarmSwitcher() {
  const { t } = useTranslation('ui');
  const { farm, farms } = useCurrentFarm();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  // The demo farm is offered here too, asked for when the list opens.
  const demo = useDemoFarm(open);
  const [joining, setJoining] = useState(false);
  if (!farms?.length) return null;

  const openDemo = async () => {
    setJoining(true);
    try {
      await demo.open();
      setOpen(false);
    } catch (error) {
      toast.error(error);
    } finally {
      setJoining(false);
    }
  };

  const choose = (farmId: string) => {
    setOpen(false);
    rememberFarm(farmId);
    void navigate({ href: switchFarmPath(location.pathname, location.searchStr, farmId) });
  };

  return (
    <>
      <button type="button" className="farm-switcher" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="farm-switcher__label">{t('farmSwitcher.open')}</span>
        <span className="farm-switcher__name">{farm?.name}</span>
        <ChevronDownIcon />
      </button>
      <Dialog open={open} title={t('farmSwitcher.title')} onClose={() => setOpen(false)}>
        <ul className="choice-list">
          {farms.map((item) => {
            const current = item.farm_id === farm?.farm_id;
            return (
              <li key={item.farm_id}>
                <button
                  type="button"
                  className="choice-list__item"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => choose(item.farm_id)}
                >
                  <span className="choice-list__text">{item.name}</span>
                  {current && (
                    <span className="choice-list__meta">
                      <CheckIcon /> {t('farmSwitcher.current')}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {demo.offered && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void openDemo()}
            disabled={joining}
            aria-busy={joining}
          >
            {t('farmSwitcher.demo')}
          </button>
        )}
        <Link
          to="/farm-registration"
          className="button button--secondary button--block"
          onClick={() => setOpen(false)}
        >
          <PlusIcon /> {t('farmSwitcher.add')}
        </Link>
      </Dialog>
    </>
  );
}
