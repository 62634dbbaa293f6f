import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import type { AnyRow, TambakDb } from '#local/db';

interface SavedBannerProps {
  saved: readonly { table: string; id: string }[];
  db: TambakDb;
  onLeave: () => void;
}

/**
 * Follows the round just saved as it uploads: "saved on this phone, waiting for signal"
 * turns into "saved" once the server has every record, or names the refused ones. A
 * live query, so it changes by itself when the signal comes back.
 */
export function SavedBanner({ saved, db, onLeave }: SavedBannerProps) {
  const { t } = useTranslation('water');
  const rows =
    useLiveMirror(
      saved.length > 0 ? `saved-banner:${saved.map((ref) => `${ref.table}/${ref.id}`).join(',')}` : null,
      async (db) => {
        const found = await Promise.all(saved.map((ref) => db.mirror(ref.table).get(ref.id)));
        return found.filter((row): row is AnyRow => row !== undefined);
      },
      db,
    ).data ?? [];
  if (saved.length === 0) return null;
  // A row gone from the mirror was settled and then removed elsewhere: count it as synced.
  const failed = rows.filter((r) => r._status === 'failed').length;
  const pending = rows.filter((r) => r._status === 'pending').length;
  const synced = saved.length - failed - pending;
  const kind = failed > 0 ? 'failed' : pending > 0 ? 'pending' : 'synced';
  const count = kind === 'failed' ? failed : kind === 'pending' ? pending : synced;
  return (
    <div className={`saved-banner saved-banner--${kind}`} role="status" aria-live="polite">
      <p className="saved-banner__text">{t(`batch.${kind}`, { count })}</p>
      <button type="button" className="button button--secondary button--small" onClick={onLeave}>
        {t('goHome')}
      </button>
    </div>
  );
}
