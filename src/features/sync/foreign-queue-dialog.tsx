import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { type ForeignChoice, type ForeignQueue, syncControl } from '#local/sync/status';

/**
 * Another account signed in while records typed by the previous one are unsent. Sending
 * them under this account, or dropping them, must be the user's explicit choice
 * (DOMAIN.md: fear of silent loss); until then nothing is sent. Deleting asks twice.
 */
export function ForeignQueueDialog({ foreign }: { foreign: ForeignQueue }) {
  const { t } = useTranslation('sync');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const vars = { count: foreign.count, name: foreign.username };

  const choose = async (choice: ForeignChoice) => {
    setBusy(true);
    try {
      await (await syncControl()).resolveForeign(choice);
    } finally {
      setBusy(false);
    }
  };

  return (
    // No way out but a choice: closing would leave the new account without data.
    <Dialog open title={t('foreign.title')} onClose={() => setConfirming(false)}>
      {confirming ? (
        <div className="stack">
          <p className="notice">{t('foreign.discardConfirm', vars)}</p>
          <div className="row">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('ui:actions.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void choose('discard')}
            >
              {t('foreign.discardButton')}
            </button>
          </div>
        </div>
      ) : (
        <div className="stack">
          <p>{t('foreign.message', vars)}</p>
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy}
            onClick={() => void choose('send')}
          >
            {t('foreign.send')}
          </button>
          <p className="muted">{t('foreign.sendHint')}</p>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={busy}
            onClick={() => void choose('sign-out')}
          >
            {t('foreign.signOut', vars)}
          </button>
          <button
            type="button"
            className="button button--ghost-danger button--block"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('foreign.discard', vars)}
          </button>
        </div>
      )}
    </Dialog>
  );
}
