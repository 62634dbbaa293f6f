import { useTranslation } from 'react-i18next';
import type { TambakDb } from '#local/db';
import { useLiveMirror } from '../use-live-mirror.ts';

/** Whether a list of `farmId` is still waiting for the rest of its first pull (ADR 0086). */
async function filling(db: TambakDb, farmId: string): Promise<boolean> {
  const marks = await db.syncState.where('key').startsWith('fill:').keys();
  return marks.some((key) => String(key).endsWith(`:${farmId}`));
}

/**
 * On the farm's screens of a new device: the day's records are in, the older ones still
 * coming (the rest of the first pull, in the background). Figures of finished cycles and
 * the farm's history may be short until then; the notice goes by itself when they are in.
 */
export function HistoryFillingNotice({ farmId }: { farmId: string }) {
  const { t } = useTranslation('ui');
  const { data } = useLiveMirror(`history-filling:${farmId}`, (db) => filling(db, farmId));
  if (!data) return null;
  return (
    <p className="notice notice--info" role="status" data-testid="history-filling">
      {t('storage.historyFilling')}
    </p>
  );
}
