import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, QuietBoundary } from '#components/lazy-part';
import { useSyncStatusField } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { api } from '#local/api-client';
import { onSyncNotice } from '#local/sync/status';
import { router } from './router.tsx';

const ForeignQueueDialog = lazyPart(() =>
  import('#features/sync/foreign-queue-dialog').then((m) => ({ default: m.ForeignQueueDialog })),
);

/** Failures of one sync run arrive one by one: gather them into a single toast. */
const GATHER_MS = 400;

/**
 * App-wide sync UI outside the routes: a toast when the server refuses records (with a
 * way to the /sync screen), and the question about another account's unsent records.
 */
export function SyncHost() {
  const { t } = useTranslation('sync');
  const toast = useToast();
  const foreign = useSyncStatusField('foreign');
  const failed = useRef(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSyncNotice(() => {
      failed.current++;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const count = failed.current;
        failed.current = 0;
        void import('#local/sync-failure-report').then(({ reportSyncFailures }) =>
          reportSyncFailures(api, count),
        );
        toast.info(t('failedToast', { count }), {
          label: t('failedToastAction'),
          onClick: () => void router.navigate({ to: '/sync' }),
        });
      }, GATHER_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [t, toast]);

  if (!foreign) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <ForeignQueueDialog foreign={foreign} />
      </Suspense>
    </QuietBoundary>
  );
}
