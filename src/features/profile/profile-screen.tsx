import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rememberedFarmId } from '#components/farm-data';
import { Card, LoadError, Loading, PageHeader } from '#components/page';
import { useSession } from '#components/session';
import { useFetched } from '#components/use-fetched.ts';
import { api } from '#local/api-client';
import type { User } from '#shared/contracts/account';
import { LogoutCard } from './logout-card.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

/** /profile: account details, password change and logout. */
export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const fresh = useFetched('user', () => api.get<User>('/user'));
  // The stored user opens the page at once (also offline); the fresh copy replaces it.
  const user = fresh.data ?? session?.user ?? null;
  const farmId = rememberedFarmId();

  return (
    <div className="narrow stack">
      <PageHeader title={t('title')} backTo={farmId ? `/farm/${encodeURIComponent(farmId)}` : '/farm'} />
      <Card title={t('account')}>
        {user ? (
          <ProfileForm user={user} />
        ) : fresh.error ? (
          <LoadError error={fresh.error} onRetry={fresh.reload} />
        ) : (
          <Loading />
        )}
      </Card>
      <Card title={t('password.title')}>
        <PasswordForm />
      </Card>
      {user?.is_system_admin && (
        <Card title={t('system.title')}>
          <p className="muted">{t('system.errorsHint')}</p>
          <Link to="/admin/errors" className="button button--secondary">
            {t('system.errors')}
          </Link>
        </Card>
      )}
      <LogoutCard />
    </div>
  );
}
