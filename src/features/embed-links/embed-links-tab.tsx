import './register-locales.ts';
import './embed-links.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { EntryForm } from '#components/entry-form';
import { useFormat } from '#components/format';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { useToast } from '#components/toast';
import { useFetched } from '#components/use-fetched.ts';
import { ApiError, api } from '#local/api-client';
import type { CreatedEmbedLink, EmbedLink } from '#shared/contracts/embed';
import type { Farm } from '#shared/contracts/farm';
import { EMBED_DEFAULT_DAYS, EMBED_SCREENS, type EmbedScreen, embedUrl } from '#shared/domain/embed';

/** The expiries offered (days); 30 is the default (ADR 0062). */
export const EXPIRY_CHOICES = [7, EMBED_DEFAULT_DAYS, 90, 365] as const;

const isNetwork = (error: unknown) => error instanceof ApiError && error.code === 'network';

function CreateForm({ farmId, onCreated }: { farmId: string; onCreated: (made: CreatedEmbedLink) => void }) {
  const { t } = useTranslation('embedLinks');
  const toast = useToast();
  const ids = useId();
  const [screen, setScreen] = useState<EmbedScreen>('report');
  const [days, setDays] = useState<number>(EMBED_DEFAULT_DAYS);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const trimmed = label.trim();
      const { data } = await api.post<CreatedEmbedLink>('/embedLink', {
        farm_id: farmId,
        screens: [screen],
        expires_in_days: days,
        ...(trimmed ? { label: trimmed } : {}),
      });
      setLabel('');
      toast.success(t('create.made'));
      onCreated(data);
    } catch (error) {
      toast.error(isNetwork(error) ? t('offline') : error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <EntryForm className="form" onSubmit={(event) => void submit(event)} aria-label={t('create.title')}>
      <h3>{t('create.title')}</h3>
      <fieldset className="embed-links__choices">
        <legend>{t('create.screen')}</legend>
        {EMBED_SCREENS.map((s) => (
          <label key={s} className="embed-links__choice">
            <input
              type="radio"
              name={`${ids}-screen`}
              value={s}
              checked={screen === s}
              onChange={() => setScreen(s)}
            />
            {t(`screens.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-days`}>
          {t('create.expiry')}
        </label>
        <select
          id={`${ids}-days`}
          className="field__input"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {EXPIRY_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('create.days', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-label`}>
          {t('create.label')}
        </label>
        <input
          id={`${ids}-label`}
          className="field__input"
          value={label}
          maxLength={80}
          aria-describedby={`${ids}-label-hint`}
          onChange={(e) => setLabel(e.target.value)}
        />
        <p className="field__hint" id={`${ids}-label-hint`}>
          {t('create.labelHint')}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('create.submit')}
      </button>
    </EntryForm>
  );
}

/** The new link's URL, shown once (the server keeps only a hash of its token). */
function CreatedLink({ url, onDone }: { url: string; onDone: () => void }) {
  const { t } = useTranslation('embedLinks');
  const toast = useToast();
  const id = useId();
  const copy = async () => {
    try {
      await globalThis.navigator.clipboard.writeText(url);
      toast.success(t('created.copied'));
    } catch {
      toast.error(t('created.copyFailed'));
    }
  };
  return (
    <section
      className="embed-links__created"
      aria-labelledby={`${id}-title`}
      data-testid="embed-link-created"
    >
      <h3 id={`${id}-title`}>{t('created.title')}</h3>
      <p>{t('created.once')}</p>
      <div className="embed-links__url">
        <label className="visually-hidden" htmlFor={`${id}-url`}>
          {t('created.url')}
        </label>
        <input
          id={`${id}-url`}
          className="field__input"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('created.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('created.done')}
        </button>
      </div>
    </section>
  );
}

function LinkItem({ link, onRevoke }: { link: EmbedLink; onRevoke: (link: EmbedLink) => void }) {
  const { t } = useTranslation('embedLinks');
  const format = useFormat();
  const name = link.label ?? link.screens.map((s) => t(`screens.${s}`)).join(', ');
  return (
    <li className="embed-links__item" data-testid="embed-link">
      <div>
        <p>
          <strong>{name}</strong>
          <span className={`embed-links__state embed-links__state--${link.state}`}>
            {t(`state.${link.state}`)}
          </span>
        </p>
        {link.label && <p className="muted">{link.screens.map((s) => t(`screens.${s}`)).join(', ')}</p>}
        <p className="muted">
          {t('list.madeBy', { name: link.created_by_name, date: format.date(link.created_at) })}
        </p>
        <p className="muted">
          {link.last_used_at
            ? t('list.lastUsed', {
                date: format.date(link.last_used_at),
                time: format.time(link.last_used_at),
              })
            : t('list.neverUsed')}
        </p>
        <p className="muted">
          {link.state === 'revoked' && link.revoked_at
            ? t('list.revokedOn', { date: format.date(link.revoked_at) })
            : t(link.state === 'expired' ? 'list.expired' : 'list.expires', {
                date: format.date(link.expires_at),
              })}
        </p>
      </div>
      {link.state === 'active' && (
        <button
          type="button"
          className="button button--danger embed-links__revoke"
          aria-label={t('list.revokeLabel', { name })}
          onClick={() => onRevoke(link)}
        >
          {t('list.revoke')}
        </button>
      )}
    </li>
  );
}

/**
 * Settings → Embed links (issue 29 point 1, ADR 0062): the farm's links with who made
 * them, when, last use and expiry; make one (screen, expiry, a name) and copy its URL,
 * shown once; revoke with a confirm. Online only: links are made and kept on the server.
 */
export function EmbedLinksTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation('embedLinks');
  const toast = useToast();
  const confirm = useConfirm();
  const farmId = farm.farm_id;
  const links = useFetched(`embed-links:${farmId}`, () =>
    api.get<EmbedLink[]>('/embedLink', { farm_id: farmId }),
  );
  const [created, setCreated] = useState<string | null>(null);

  const revoke = async (link: EmbedLink) => {
    const name = link.label ?? link.screens.map((s) => t(`screens.${s}`)).join(', ');
    const yes = await confirm({
      title: t('list.confirmTitle'),
      message: t('list.confirmMessage', { name }),
      confirmLabel: t('list.confirm'),
    });
    if (!yes) return;
    try {
      await api.post(`/embedLink/${encodeURIComponent(link.id)}/revoke`);
      toast.success(t('list.revoked'));
      links.reload();
    } catch (error) {
      toast.error(isNetwork(error) ? t('offline') : error);
    }
  };

  return (
    <Card title={t('title')}>
      <p className="muted">{t('intro')}</p>
      {created && <CreatedLink url={created} onDone={() => setCreated(null)} />}
      <CreateForm
        farmId={farmId}
        onCreated={(made) => {
          const origin = globalThis.location?.origin ?? '';
          setCreated(embedUrl(origin, farmId, made.link.screens[0] ?? 'report', made.token));
          links.reload();
        }}
      />
      <h3>{t('list.title')}</h3>
      {links.error ? (
        isNetwork(links.error) ? (
          <p className="notice">{t('offline')}</p>
        ) : (
          <LoadError error={links.error} onRetry={links.reload} />
        )
      ) : !links.data ? (
        <Loading />
      ) : links.data.length === 0 ? (
        <EmptyState title={t('list.empty')} />
      ) : (
        <ul className="embed-links__list">
          {links.data.map((link) => (
            <LinkItem key={link.id} link={link} onRevoke={(l) => void revoke(l)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
