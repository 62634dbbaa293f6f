import './register-locales.ts';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Tabs } from '#components/tabs';
import { useToast } from '#components/toast';
import { sessionStore } from '#local/session-store';
import type { CodeSent } from '#shared/contracts/account';
import { accountApi } from './account-api.ts';
import { AccountLayout } from './account-layout.tsx';
import { LoginCodeForm, LoginEmailForm, LoginPhoneForm } from './login-forms.tsx';

type Method = 'email' | 'phone';

/** Who asked for the code, so the code step can verify and resend. */
type Pending =
  | { method: 'email'; email: string; password: string; sent: CodeSent }
  | { method: 'phone'; phone: string; sent: CodeSent };

/** Login: email + password or phone first, then the 6-digit code (seed 000 §7). */
export function LoginScreen() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const [method, setMethod] = useState<Method>('email');
  const [pending, setPending] = useState<Pending | null>(null);

  const verify = async ({ code }: { code: string }) => {
    if (!pending) return;
    const body = pending.method === 'email' ? { email: pending.email, code } : { phone: pending.phone, code };
    const { data } = await accountApi.loginOtp(body);
    sessionStore.set({ token: data.token, user: data.user, pu_id: data.user.pu_id });
    toast.success(t('login.welcome', { name: data.user.username }));
    const target =
      search.redirect?.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : '/farm';
    await navigate({ href: target, replace: true });
  };

  const resend = async () => {
    if (!pending) return;
    try {
      const { data } =
        pending.method === 'email'
          ? await accountApi.loginEmail({ email: pending.email, password: pending.password })
          : await accountApi.loginPhone({ phone: pending.phone });
      setPending({ ...pending, sent: data });
      toast.success(t('login.resent'));
    } catch (error) {
      toast.error(error);
    }
  };

  if (pending) {
    const where = pending.sent.channel === 'sms' ? 'login.codeSentSms' : 'login.codeSentEmail';
    return (
      <AccountLayout title={t('login.codeTitle')}>
        <p className="code-destination" role="status">
          <Trans
            t={t}
            i18nKey={where}
            values={{ destination: pending.sent.destination }}
            components={{ strong: <strong /> }}
          />
          <br />
          <span className="muted">{t('login.codeValid')}</span>
        </p>
        <LoginCodeForm onSubmit={verify} />
        <div className="account__links">
          <button type="button" className="link-button" onClick={() => void resend()}>
            {t('login.resend')}
          </button>
          <button type="button" className="link-button" onClick={() => setPending(null)}>
            {t('login.changeMethod')}
          </button>
        </div>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <p>
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </p>
      }
    >
      <Tabs
        label={t('login.method')}
        value={method}
        onChange={setMethod}
        items={[
          { key: 'email', label: t('login.byEmail') },
          { key: 'phone', label: t('login.byPhone') },
        ]}
      >
        {method === 'email' ? (
          <LoginEmailForm
            onSubmit={async (values) => {
              const email = values.email.trim();
              const { data } = await accountApi.loginEmail({ email, password: values.password });
              setPending({ method: 'email', email, password: values.password, sent: data });
            }}
          />
        ) : (
          <LoginPhoneForm
            onSubmit={async (values) => {
              const phone = values.phone.trim();
              const { data } = await accountApi.loginPhone({ phone });
              setPending({ method: 'phone', phone, sent: data });
            }}
          />
        )}
      </Tabs>
      <div className="account__links">
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </div>
    </AccountLayout>
  );
}
