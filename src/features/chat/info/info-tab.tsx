import '../register-locales.ts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '#shared/chat/entities';
import { ArrowLeftIcon } from '../chat-icons.ts';
import { Avatar } from '../messages/avatar.tsx';
import { NotificationSwitch } from '../push/notification-switch.tsx';

/** Seed 001 §2 Info tab: who I am and the preference headings (presentation only). */
export function InfoTab({ me }: { me: ChatUser }) {
  const { t } = useTranslation('chat');
  const sections: { title: string; items: { key: string; body: ReactNode }[] }[] = [
    {
      title: t('info.preferences'),
      items: [
        // The notifications preference is the Web Push switch for this device.
        { key: 'notifications', body: <NotificationSwitch /> },
        { key: 'privacy', body: t('info.privacy') },
        { key: 'chats', body: t('info.chats') },
      ],
    },
    {
      title: t('info.other'),
      items: [
        { key: 'help', body: t('info.help') },
        { key: 'report', body: t('info.report') },
      ],
    },
  ];
  return (
    <div className="chat-layout">
      <nav className="chat-sidebar" aria-label={t('info.title')}>
        <header className="chat-sidebar__header">
          <Link to="/" className="icon-button" title={t('backHome')}>
            <ArrowLeftIcon />
            <span className="visually-hidden">{t('backHome')}</span>
          </Link>
          <h1 className="chat-sidebar__title">{t('info.title')}</h1>
        </header>
        <div className="chat-sidebar__scroll">
          <div className="chat-info__me">
            <Avatar name={me.name} src={me.avatar} status="online" size={64} />
            <div>
              <p className="chat-info__name">{me.name}</p>
              <p className="chat-info__status">{t('status.online')}</p>
            </div>
          </div>
          {sections.map((s) => (
            <section key={s.title} className="chat-info__section">
              <h2 className="chat-letter__heading">{s.title}</h2>
              <ul className="chat-info__list">
                {s.items.map((item) => (
                  <li key={item.key} className={`chat-info__item chat-info__item--${item.key}`}>
                    {item.body}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </nav>
      <div className="chat-placeholder-wrap chat-placeholder-wrap--info">
        <p className="chat-placeholder">{t('infoPlaceholder')}</p>
      </div>
    </div>
  );
}
