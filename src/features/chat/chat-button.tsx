import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon } from '#components/icons';
import { useStepAside } from '#components/layout/step-aside.ts';
import { useChatUnread } from './client/chat-provider.tsx';
import './chat-button.css';

/** Badge text: the count, capped so it stays one small circle. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The floating Chat button (seed 001 §2) with the unread badge, leading to /chat. The
 * shell shows it only to a signed-in user on routes without `hideChat`.
 */
export function ChatButton() {
  const { t } = useTranslation('ui');
  const unread = useChatUnread();
  const ref = useRef<HTMLAnchorElement>(null);
  useStepAside(ref);
  const label =
    unread > 0
      ? `${t('chatButton.label')}, ${t('chatButton.unread', { count: unread })}`
      : t('chatButton.label');
  return (
    <Link ref={ref} data-floating="" to="/chat" className="chat-button" aria-label={label}>
      <ChatIcon />
      <span className="chat-button__text">{t('chatButton.label')}</span>
      {unread > 0 && (
        <span className="chat-button__badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </Link>
  );
}
