import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ChatUser } from '#shared/chat/entities';
import { Avatar } from '../messages/avatar.tsx';
import { BackIcon } from '../messages/chat-icons.tsx';

/** Seed 001 §2 Info tab: who I am and the preference headings (presentation only). */
export function InfoTab({ me }: { me: ChatUser }) {
  const { t } = useTranslation('chat');
  const sections = [
    { title: t('info.preferences'), items: [t('info.notifications'), t('info.privacy'), t('info.chats')] },
    { title: t('info.other'), items: [t('info.help'), t('info.report')] },
  ];
  return (
    <div className="chat-layout">
      <nav className="chat-sidebar" aria-label={t('info.title')}>
        <header className="chat-sidebar__header">
          <Link to="/" className="icon-button" title={t('backHome')}>
            <BackIcon />
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
                  <li key={item} className="chat-info__item">
                    {item}
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
