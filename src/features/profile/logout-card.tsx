import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { Dialog } from '#components/dialog';
import { Card } from '#components/page';
import { useSyncStatus } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { syncControl, unsentCount } from '#local/sync/status';

type Step = 'closed' | 'ask' | 'confirm-discard';

/**
 * Logout never drops unsent records silently (ADR 0001). With none, a plain confirm.
 * With some, the user picks: cancel, or sign out and KEEP them on this phone (sent after
 * the next login). Deleting them is a separate, explicit choice confirmed a second time.
 */
export function LogoutCard() {
  const { t } = useTranslation('profile');
  const confirm = useConfirm();
  const toast = useToast();
  const { summary, online, running } = useSyncStatus();
  const [step, setStep] = useState<Step>('closed');
  const [busy, setBusy] = useState(false);
  const live = unsentCount(summary);
  const count = live.waiting + live.failed;

  const signOut = async (mode: 'keep' | 'discard') => {
    setBusy(true);
    try {
      await (await syncControl()).signOut(mode);
      setStep('closed');
      toast.success(t(mode === 'keep' && count > 0 ? 'logout.doneKept' : 'logout.done', { count }));
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    const unsent = await (await syncControl()).countUnsent();
    if (unsent > 0) {
      setStep('ask');
      return;
    }
    if (await confirm({ message: t('logout.confirm'), confirmLabel: t('logout.button'), danger: false }))
      await signOut('discard');
  };

  const close = () => setStep('closed');
  return (
    <Card title={t('logout.title')}>
      <p className="muted">{t('logout.intro')}</p>
      <button type="button" className="button button--secondary button--block" onClick={() => void start()}>
        {t('logout.button')}
      </button>
      <Dialog open={step !== 'closed'} title={t('logout.unsentTitle', { count })} onClose={close}>
        {step === 'ask' ? (
          <div className="stack">
            <p className="notice">{t('logout.unsent', { count })}</p>
            <p>{t('logout.keepExplain')}</p>
            {online && (
              <button
                type="button"
                className="button button--secondary button--block"
                disabled={running || busy}
                onClick={() => void syncControl().then((control) => control.syncNow())}
              >
                {t('logout.sendFirst')}
              </button>
            )}
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
              onClick={() => void signOut('keep')}
            >
              {t('logout.keep')}
            </button>
            <button type="button" className="button button--secondary button--block" onClick={close}>
              {t('ui:actions.cancel')}
            </button>
            <button
              type="button"
              className="button button--ghost-danger button--block"
              disabled={busy}
              onClick={() => setStep('confirm-discard')}
            >
              {t('logout.discard', { count })}
            </button>
          </div>
        ) : (
          <div className="stack">
            <p className="notice">{t('logout.discardConfirm', { count })}</p>
            <button
              type="button"
              className="button button--danger button--block"
              disabled={busy}
              onClick={() => void signOut('discard')}
            >
              {t('logout.discardButton', { count })}
            </button>
            <button type="button" className="button button--secondary button--block" onClick={close}>
              {t('ui:actions.cancel')}
            </button>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
