import './register-locales.ts';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '#components/page';
import { ApiError } from '#local/api-client';
import { accountApi } from './account-api.ts';
import { AccountLayout } from './account-layout.tsx';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** Opened from the mailed link: posts ?signature= once and shows the answer. */
export function EmailVerificationScreen() {
  const { t } = useTranslation('account');
  const search = useSearch({ strict: false }) as { signature?: unknown };
  const signature = search.signature === undefined ? '' : String(search.signature);
  const [state, setState] = useState<State>(
    signature ? { kind: 'working' } : { kind: 'failed', message: t('verify.missing') },
  );
  // Posting twice (StrictMode runs effects twice in development) would fail the second time.
  const sent = useRef(false);

  useEffect(() => {
    if (!signature || sent.current) return;
    sent.current = true;
    accountApi.verifyEmail(signature).then(
      ({ message }) => setState({ kind: 'done', message }),
      (error: unknown) =>
        setState({ kind: 'failed', message: error instanceof ApiError ? error.message : String(error) }),
    );
  }, [signature]);

  return (
    <AccountLayout title={t('verify.title')}>
      {state.kind === 'working' && <Loading label={t('verify.working')} />}
      {state.kind === 'done' && (
        <p className="code-destination" role="status">
          {state.message || t('verify.done')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="form-alert" role="alert">
          {t('verify.failed')} {state.message}
        </p>
      )}
      <div className="account__links">
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </AccountLayout>
  );
}
