import '../register-locales.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { EntryForm } from '#components/entry-form';
import type { Group } from '#shared/chat/entities';

interface JoinPasswordDialogProps {
  group: Group | null;
  onJoin: (password: string) => Promise<void>;
  onClose: () => void;
}

/** Seed 001 §4: a password group asks for its password before joining (an accessible dialog). */
export function JoinPasswordDialog({ group, onJoin, onClose }: JoinPasswordDialogProps) {
  const { t } = useTranslation('chatGroups');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.trim()) {
      setError(tc('chat.group-password-blank'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onJoin(password);
      setPassword('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={group !== null}
      title={t('join.title', { name: group?.name ?? '' })}
      onClose={close}
      footer={
        <button
          type="submit"
          form={`${id}-form`}
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('join.submitting') : t('join.submit')}
        </button>
      }
    >
      <EntryForm id={`${id}-form`} onSubmit={submit} lastEnter="submit">
        <p className="groups-hint">{t('join.hint')}</p>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-password`}>
            {t('join.password')}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            className="field__input"
            autoComplete="off"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p className="field__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
      </EntryForm>
    </Dialog>
  );
}
