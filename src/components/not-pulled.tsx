import { useTranslation } from 'react-i18next';
import { cursorKey } from '#local/sync/pull';
import { EmptyState, Loading } from './page.tsx';
import { useLiveMirror } from './use-live-mirror.ts';

/**
 * Whether a farm's list has ever come from the server to this device (its pull cursor
 * has a time): undefined while read. An empty list that was never pulled is not "none
 * yet": a new device, or a farm just opened, is still fetching it.
 */
export function useEverPulled(resource: string, farmId: string): boolean | undefined {
  return useLiveMirror(
    `pulled:${resource}:${farmId}`,
    async (db) => (await db.syncState.get(cursorKey(resource, farmId)))?.pulledAt !== undefined,
  ).data;
}

/** In place of an empty list never pulled: loading while online, what to do while offline. */
export function NotPulledYet() {
  const { t } = useTranslation('ui');
  if (globalThis.navigator?.onLine === false) return <EmptyState title={t('status.notPulled')} />;
  return <Loading />;
}
