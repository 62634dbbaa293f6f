import './register-locales.ts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberFarm } from '#components/farm-data';
import { Card } from '#components/page';
import { useToast } from '#components/toast';
import { api } from '#local/api-client';
import { getDb } from '#local/db';
import { syncControl } from '#local/sync/status';
import type { DemoFarm } from '#shared/contracts/demo';
import type { Farm } from '#shared/contracts/farm';

/**
 * "Open the demo farm" on the first screen of a user without farms: shown only when the
 * server has a demo farm loaded (`npm run demo`) that the user has not joined yet. The
 * join is online only (nothing to queue: it changes no record of the user's own).
 */
export function DemoOffer() {
  const { t } = useTranslation('farm');
  const toast = useToast();
  const navigate = useNavigate();
  const [demo, setDemo] = useState<DemoFarm | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<DemoFarm>('/demo')
      .then((answer) => live && setDemo(answer))
      // Offline or an old server: the offer simply does not show.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  if (!demo?.available || demo.joined) return null;

  const open = async () => {
    setBusy(true);
    try {
      const { data: joined } = await api.post<DemoFarm>('/demo/join');
      const farms = await api.get<Farm[]>('/farm');
      const farm = farms.find((f) => f.farm_id === joined.farm_id);
      if (!farm || !joined.farm_id) throw new Error('demo farm missing from the farm list');
      await getDb().farms.put({ ...farm, _status: 'synced' });
      rememberFarm(farm.farm_id);
      void syncControl().then((control) => control.syncNow());
      await navigate({ href: `/farm/${encodeURIComponent(farm.farm_id)}` });
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  return (
    <Card title={t('demo.title')}>
      <p className="muted">{t('demo.intro')}</p>
      <button type="button" className="button" onClick={open} disabled={busy} aria-busy={busy}>
        {busy ? t('demo.opening') : t('demo.open')}
      </button>
    </Card>
  );
}
