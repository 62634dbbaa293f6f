import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TambakDb } from '#local/db';
import { keepStorage, onStorageFull } from '#local/storage-keep';
import { useFormat } from '../format.tsx';
import { useLiveMirror } from '../use-live-mirror.ts';

/** Unsent this long, the home screen says so (issue 29 point 2). */
export const UNSENT_TOO_LONG_MS = 24 * 3_600_000;

/** Whether the oldest unsent record (its save time) has waited more than a day at `now`. */
export function unsentTooLong(oldest: number | null, now: number): boolean {
  return oldest !== null && now - oldest > UNSENT_TOO_LONG_MS;
}

/** The oldest record still on this phone (queued, sending, refused or held), and how many. */
async function unsent(db: TambakDb): Promise<{ oldest: number | null; count: number }> {
  let oldest: number | null = null;
  let count = 0;
  await db.outbox.each((entry) => {
    count += 1;
    if (oldest === null || entry.createdAt < oldest) oldest = entry.createdAt;
  });
  return { oldest, count };
}

/** On the home screens: records that have waited more than a day for signal. */
export function UnsentTooLong() {
  const { t } = useTranslation('ui');
  const format = useFormat();
  const { data } = useLiveMirror('unsent-oldest', unsent);
  const [now] = useState(() => Date.now());
  if (!data || !unsentTooLong(data.oldest, now)) return null;
  return (
    <p className="notice notice--warning row" role="status" data-testid="unsent-too-long">
      <span>{t('storage.unsentLong', { count: data.count, since: format.dateTime(data.oldest) })}</span>
      <Link to="/sync" className="button button--secondary">
        {t('storage.openSync')}
      </Link>
    </p>
  );
}

/** Anywhere: a save found the phone full. Stays until dismissed; what was typed stays in the form. */
export function StorageFullNotice() {
  const { t } = useTranslation('ui');
  const [shown, setShown] = useState(false);
  useEffect(() => onStorageFull(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <div className="notice notice--error storage-full" role="alert" data-testid="storage-full">
      <p>{t('storage.full')}</p>
      <button type="button" className="button button--secondary" onClick={() => setShown(false)}>
        {t('storage.understood')}
      </button>
    </div>
  );
}

/** An app on the home screen asks the browser to keep its data at start and when installed. */
export function useKeepWhenInstalled(): void {
  useEffect(() => {
    if (typeof window === 'undefined') return;
    if (window.matchMedia?.('(display-mode: standalone)').matches) void keepStorage();
    const installed = () => void keepStorage();
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, []);
}
