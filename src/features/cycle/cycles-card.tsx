import './register-locales.ts';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { Card } from '#components/page';
import { RecordStatus } from '#components/record-status';
import { useToast } from '#components/toast';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import { visible } from '#local/visible';
import type { Cycle } from '#shared/contracts/cycle';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION, type Action } from '#shared/domain/permissions';
import { CycleDialog, type CycleDialogMode } from './cycle-dialog.tsx';
import { cycleLabelKey, docOf, isActive, newestFirst } from './cycle-logic.ts';
import { removeCycle } from './cycle-writes.ts';
import './cycle.css';

interface CyclesCardProps {
  farm: Farm;
  pond: Pond;
  /** The user's level for the cycle feature on this pond: add ≥ 1 starts, edit 2 changes. */
  level: Action;
  db?: TambakDb;
}

/** A pond's cycles (stocks on free farms), newest first, with DOC and the actions allowed. */
export function CyclesCard({ farm, pond, level, db = getDb() }: CyclesCardProps) {
  const { t } = useTranslation(['cycle', 'ui']);
  const format = useFormat();
  const confirm = useConfirm();
  const toast = useToast();
  const [dialog, setDialog] = useState<CycleDialogMode | null>(null);
  const cycles = useLiveMirror(
    `pond-cycles:${pond.pond_id}`,
    async (db) => visible(await db.cycles.where('pond_id').equals(pond.pond_id).toArray()),
    db,
  ).data;
  const tier = farm.status === 0 ? 'stock' : 'cycle';
  const labelKey = cycleLabelKey(farm.status);
  const nameOf = (c: Cycle) => t(labelKey, { n: c.cycle_number });
  const today = DateTime.local().toISODate() ?? '';
  const list = newestFirst<Local<Cycle>>(cycles ?? []);
  const canEdit = level >= ACTION.edit;

  const remove = async (cycle: Cycle) => {
    const name = nameOf(cycle);
    if (!(await confirm({ message: t('deleteConfirm', { name }) }))) return;
    await removeCycle(db, cycle.cycle_id);
    toast.success(t('deleted', { name }));
  };

  return (
    <Card
      title={t(`title.${tier}`)}
      actions={
        level >= ACTION.add && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDialog({ type: 'start' })}
          >
            <PlusIcon /> {t(`start.${tier}`)}
          </button>
        )
      }
    >
      {cycles && list.length === 0 && <p className="muted">{t('empty')}</p>}
      <ul className="data-list cycle-list">
        {list.map((cycle) => (
          <li key={cycle.cycle_id} className="cycle-row">
            <div className="data-list__main">
              <span className="cycle-row__head">
                <span className="data-list__title">{nameOf(cycle)}</span>
                <span className={isActive(cycle) ? 'badge badge--primary' : 'badge'}>
                  {t(isActive(cycle) ? 'active' : 'ended')}
                </span>
                <span className="cycle-row__doc">{t('doc', { doc: docOf(cycle, today) })}</span>
              </span>
              <span className="data-list__meta">
                {t('started', { date: format.date(cycle.start_date) })}
                {cycle.end_date !== 0 && ` · ${t('endedOn', { date: format.date(cycle.end_date) })}`}
              </span>
              <RecordStatus row={cycle} />
            </div>
            {canEdit && (
              <span className="cycle-row__actions">
                {isActive(cycle) && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setDialog({ type: 'end', cycle })}
                  >
                    {t(`end.${tier}`)}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setDialog({ type: 'edit', cycle })}
                >
                  {t('edit')}
                </button>
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => void remove(cycle)}
                >
                  {t('ui:actions.delete')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {dialog && (
        <CycleDialog
          mode={dialog}
          cycles={list}
          farmId={farm.farm_id}
          pondId={pond.pond_id}
          tier={tier}
          name={dialog.type === 'start' ? '' : nameOf(dialog.cycle)}
          today={today}
          db={db}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
