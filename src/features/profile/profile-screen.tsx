import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { rememberedFarmId } from '#components/farm-data';
import { Card, LoadError, Loading, PageHeader } from '#components/page';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { useResource } from '#components/use-resource';
import { api } from '#local/api-client';
import { sessionStore } from '#local/session-store';
import type { User } from '#shared/contracts/account';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

function useLogout() {
  const { t } = useTranslation('profile');
  const confirm = useConfirm();
  const toast = useToast();
  return async () => {
    if (!(await confirm({ message: t('logout.confirm'), confirmLabel: t('logout.button'), danger: false })))
      return;
    // Revoke on the server when reachable; offline, the device still forgets the session.
    await api.post('/logout').catch(() => undefined);
    sessionStore.clear();
    toast.success(t('logout.done'));
  };
}

/** /profile: account details, password change and logout. */
export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const logout = useLogout();
  const fresh = useResource('user', () => api.get<User>('/user'));
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
      <Card title={t('logout.title')}>
        <p className="muted">{t('logout.intro')}</p>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => void logout()}
        >
          {t('logout.button')}
        </button>
      </Card>
    </div>
  );
}
