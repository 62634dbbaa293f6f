import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '#components/app-logo';
import { LanguageSwitch } from '#components/layout/language-switch';
import './account.css';

interface AccountLayoutProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Logged-out pages: brand, language choice and one card; split screen on a desktop. */
export function AccountLayout({ title, intro, children, footer }: AccountLayoutProps) {
  const { t } = useTranslation('account');
  return (
    <div className="account">
      <aside className="account__brand">
        <Link to="/login" className="account__logo">
          <AppLogo size={48} />
          <span>Tambak</span>
        </Link>
        <p className="account__tagline">{t('tagline')}</p>
        <div className="account__language">
          <LanguageSwitch />
        </div>
      </aside>
      <section className="account__panel" aria-labelledby="account-title">
        <div className="account__card">
          <h1 id="account-title" className="account__title">
            {title}
          </h1>
          {intro && <p className="account__intro">{intro}</p>}
          {children}
        </div>
        {footer && <div className="account__footer">{footer}</div>}
      </section>
    </div>
  );
}
