import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.8A8 8 0 1 1 21 12z" />
      </svg>
      <span className="chat-button__text">{t('chatButton.label')}</span>
      {unread > 0 && (
        <span className="chat-button__badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </Link>
  );
}
