import { useTranslation } from 'react-i18next';
import { rememberedFarmId } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { useSyncStatus } from '#components/sync-status.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { syncControl } from '#local/sync/status';
import { SyncItemCard } from './sync-item-card.tsx';
import { listSyncItems } from './sync-items.ts';
import './sync.css';

function StatusCard() {
  const { t } = useTranslation('sync');
  const format = useFormat();
  const { online, running, held, lastSyncedAt } = useSyncStatus();
  return (
    <Card>
      <p className="sync-status" data-online={online ? 'on' : 'off'}>
        {t(online ? 'screen.statusOnline' : 'screen.statusOffline')}
      </p>
      <p className="muted">
        {lastSyncedAt
          ? t('screen.lastSynced', { time: format.time(new Date(lastSyncedAt)) })
          : t('screen.neverSynced')}
      </p>
      {held && <p className="notice">{t('screen.held')}</p>}
      <button
        type="button"
        className="button button--primary"
        disabled={!online || running}
        onClick={() => void syncControl().then((control) => control.syncNow())}
      >
        {running ? t('screen.syncing') : t('screen.syncNow')}
      </button>
      {!online && <p className="muted">{t('screen.syncNowOffline')}</p>}
    </Card>
  );
}

/** /sync: what is still on the phone, what the server refused and why, and what to do about it. */
export function SyncScreen() {
  const { t } = useTranslation('sync');
  const { data: items } = useLiveMirror('sync-items', listSyncItems);
  const farmId = rememberedFarmId();
  const failed = items?.filter((item) => item.entry.status === 'failed') ?? [];
  const pending = items?.filter((item) => item.entry.status !== 'failed') ?? [];

  return (
    <div className="narrow stack">
      <PageHeader
        title={t('screen.title')}
        backTo={farmId ? `/farm/${encodeURIComponent(farmId)}` : '/farm'}
      />
      <StatusCard />
      {!items && <Loading />}
      {items?.length === 0 && <EmptyState title={t('screen.allSent')} />}
      {failed.length > 0 && (
        <Card title={t('screen.failedTitle', { count: failed.length })}>
          <p className="muted">{t('screen.failedIntro')}</p>
          <ul className="sync-list">
            {failed.map((item) => (
              <SyncItemCard key={item.entry.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      {pending.length > 0 && (
        <Card title={t('screen.pendingTitle', { count: pending.length })}>
          <p className="muted">{t('screen.pendingIntro')}</p>
          <ul className="sync-list">
            {pending.map((item) => (
              <SyncItemCard key={item.entry.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
