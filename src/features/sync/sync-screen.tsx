import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedFarmId } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { useSyncStatus } from '#components/sync-status.ts';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { keepStorage, type StorageState, storageState } from '#local/storage-keep';
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
        // Shown offline because a request got no answer, the phone may have its signal
        // back before the next try: the person may try now. Only no network at all waits.
        disabled={running || globalThis.navigator?.onLine === false}
        onClick={() => void syncControl().then((control) => control.syncNow())}
      >
        {running ? t('screen.syncing') : t('screen.syncNow')}
      </button>
      {!online && <p className="muted">{t('screen.syncNowOffline')}</p>}
    </Card>
  );
}

/** Whether the browser keeps this phone's data, and how much room it takes (issue 29 point 2). */
function StorageCard() {
  const { t } = useTranslation('sync');
  const format = useFormat();
  const [state, setState] = useState<StorageState | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let live = true;
    void storageState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  if (!state || state.persisted === null) return null;
  return (
    <Card title={t('storage.title')}>
      <p data-testid="storage-persisted" data-persisted={state.persisted ? 'yes' : 'no'}>
        {t(state.persisted ? 'storage.kept' : 'storage.notKept')}
      </p>
      {state.usage !== null && state.quota !== null && (
        <p className="muted" data-testid="storage-usage">
          {t('storage.usage', { used: format.bytes(state.usage), room: format.bytes(state.quota) })}
        </p>
      )}
      {!state.persisted && (
        <>
          {asked && <p className="muted">{t('storage.refused')}</p>}
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void keepStorage()
                .then(() => storageState())
                .then((s) => {
                  setState(s);
                  setAsked(true);
                })
            }
          >
            {t('storage.ask')}
          </button>
        </>
      )}
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
      <StorageCard />
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
