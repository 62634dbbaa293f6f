import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { useToast } from '#components/toast';
import { syncControl } from '#local/sync/status';
import { fieldLabel, fieldMessages } from './field-labels.ts';
import { editTarget, type SyncItem } from './sync-items.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The reason the server gave, in the language of the moment: its code, and each field by
 * its label with the message worded again from its key (the server's words only when an
 * older answer carried no keys).
 */
function Reason({ item }: { item: SyncItem }) {
  const { t } = useTranslation('sync');
  const format = useFormat();
  const error = item.row?._error ?? item.entry.lastError;
  if (!error) return null;
  const general = t(`common:error.${error.code}`, { defaultValue: '' });
  // The server's own words only when this app has none for the code: they are in the
  // language of the request, which need not be the reader's now.
  const own = !general && error.message ? error.message : '';
  // A day in a message (the account's opening day) reads as the app writes days: 01 Mar 2026.
  const day = (value: string | number) =>
    typeof value === 'string' && DAY.test(value) ? format.date(value) : value;
  const fields = fieldMessages(error, (key, params) =>
    t(`common:${key}`, {
      ...Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, day(value)])),
      defaultValue: '',
    }),
  );
  return (
    <div className="sync-item__reason">
      <p>
        <strong>{t('screen.reason')}:</strong> {general || own}
      </p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, messages]) => (
            <li key={field}>
              <strong>{fieldLabel(t, field)}:</strong> {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SyncItemCard({ item }: { item: SyncItem }) {
  const { t } = useTranslation('sync');
  const format = useFormat();
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { entry } = item;
  const failed = entry.status === 'failed';
  const { label } = item;
  const type = t(`record.${label.kind}`, { defaultValue: t('record.other') });
  const slot = label.slot ?? (label.at ? format.time(label.at) : undefined);
  const day = label.day ?? label.at;
  const title = [type, item.title, slot].filter(Boolean).join(' · ');
  const target = editTarget(item);

  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : error);
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    const ok = await confirm({
      message: t('screen.discardConfirm'),
      confirmLabel: t('screen.discardConfirmButton'),
    });
    if (ok) await act(async () => (await syncControl()).discard(entry.id), t('screen.discarded'));
  };

  const state =
    entry.status === 'queued' && entry.attempts > 0 && entry.nextAttemptAt > Date.now()
      ? `${t('state.queued')}, ${t('state.nextTry', { time: format.time(new Date(entry.nextAttemptAt)) })}`
      : t(`state.${entry.status}`);

  return (
    <li className={failed ? 'sync-item sync-item--failed' : 'sync-item'}>
      <div className="sync-item__main">
        <p className="sync-item__title">
          <span className="sync-item__name">{title}</span>{' '}
          <span className="badge">{t(`kind.${entry.kind}`)}</span>
        </p>
        <p className="sync-item__meta">
          {day && `${format.date(day)} · `}
          {item.farmName && `${t('record.inFarm', { farm: item.farmName })} · `}
          {state}
        </p>
        {failed && <Reason item={item} />}
      </div>
      <div className="sync-item__actions">
        {failed && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => void act(async () => (await syncControl()).retry(entry.id), t('screen.retried'))}
          >
            {t('screen.retry')}
          </button>
        )}
        {failed && target && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void navigate({ href: target })}
          >
            {t('screen.edit')}
          </button>
        )}
        {entry.status !== 'sending' && (
          <button
            type="button"
            className="button button--ghost-danger button--small"
            disabled={busy}
            onClick={() => void discard()}
          >
            {t('screen.discard')}
          </button>
        )}
      </div>
    </li>
  );
}
