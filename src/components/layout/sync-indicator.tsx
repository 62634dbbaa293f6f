import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CloudIcon, CloudOffIcon } from '#components/icons';
import { useSyncStatus } from '#components/sync-status.ts';
import { unsentCount } from '#local/sync/status';

/** A count as the badge shows it: "99+" above 99 (the full number is in the accessible name). */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/**
 * Navbar sync state, always in view (DOMAIN.md: unclear sync is the first complaint):
 * online/offline, how many records wait, and in red how many the server refused.
 * Counts come live from the outbox; a tap opens /sync. The full sentence is the
 * accessible name. On a 360 px phone the farm name needs the room, so the phone shows
 * the icon with the counts as badges on its corners (waiting below, failed in red above),
 * as wide with "14" waiting as with none; wider screens add the words.
 */
export function SyncIndicator() {
  const { t } = useTranslation('sync');
  const { online, summary, running, held } = useSyncStatus();
  const { waiting, failed } = unsentCount(summary);
  const connection = t(online ? 'indicator.online' : 'indicator.offline');
  const label = t('indicator.label', { connection, count: waiting, failed });
  const state = failed > 0 ? 'failed' : !online || held ? 'offline' : waiting > 0 ? 'waiting' : 'ok';
  return (
    <Link
      to="/sync"
      className="sync-indicator"
      data-state={state}
      data-running={running ? 'on' : undefined}
      aria-label={label}
      title={label}
      activeProps={{ 'aria-current': 'page' }}
    >
      {online ? <CloudIcon size={22} /> : <CloudOffIcon size={22} />}
      <span className="sync-indicator__text" aria-hidden="true">
        <span className="sync-indicator__connection" data-quiet={waiting + failed > 0 ? 'on' : undefined}>
          {connection}
        </span>
        {waiting > 0 && (
          <span className="sync-indicator__count sync-indicator__waiting">
            {badgeCount(waiting)}
            <span className="sync-indicator__word"> {t('indicator.waitingWord', { count: waiting })}</span>
          </span>
        )}
        {failed > 0 && (
          <span className="sync-indicator__count sync-indicator__failed">
            {badgeCount(failed)}
            <span className="sync-indicator__word"> {t('indicator.failedWord', { count: failed })}</span>
          </span>
        )}
      </span>
    </Link>
  );
}
