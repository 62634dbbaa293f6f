import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#local/api-client';
import { storageProblem } from '#local/storage-keep';
import { ArrowLeftIcon } from './icons.tsx';
import './page.css';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Where the back arrow goes; no arrow when absent. */
  backTo?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  const { t } = useTranslation('ui');
  return (
    <header className="page-header">
      {backTo && (
        <Link to={backTo} className="icon-button page-header__back">
          <ArrowLeftIcon />
          <span className="visually-hidden">{t('actions.back')}</span>
        </Link>
      )}
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}

export function Card({
  children,
  title,
  actions,
}: {
  children: ReactNode;
  title?: string;
  actions?: ReactNode;
}) {
  return (
    <section className="card">
      {(title || actions) && (
        <header className="card__header">
          {title && <h2 className="card__title">{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('ui');
  return (
    <div className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('status.loading')}</span>
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('ui');
  const storage = storageProblem(error);
  const detail =
    error instanceof ApiError
      ? error.code === 'network'
        ? t('errors.offline')
        : error.message
      : storage === 'full'
        ? t('errors.storageFull')
        : storage === 'unavailable'
          ? t('errors.storageUnavailable')
          : t('errors.generic');
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{t('status.loadFailed')}</p>
      <p>{detail}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      )}
    </div>
  );
}

/** A read as a screen shows it: its data once there, else its error with a retry, else the loading line. */
export function Loaded<T>({
  read,
  children,
}: {
  read: { data?: T; error?: unknown; reload?: () => void };
  children: (data: T) => ReactNode;
}) {
  if (read.data !== undefined) return <>{children(read.data)}</>;
  if (read.error) return <LoadError error={read.error} onRetry={read.reload} />;
  return <Loading />;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <p className="state__title">{title}</p>
      {children}
    </div>
  );
}
