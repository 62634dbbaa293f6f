import './register-locales.ts';
import './errors.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loaded, PageHeader } from '#components/page';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { refetch, useFetched } from '#components/use-fetched.ts';
import { api } from '#local/api-client';
import type { ErrorGroup, ErrorOverview, ReleaseHealth } from '#shared/contracts/errors';
import { TestErrorPart } from './test-error.tsx';

/** Rates an admin picks from (seed: 0.5). */
const RATES = [0, 0.1, 0.25, 0.5, 0.75, 1];
/** Frames shown per group: where it went wrong. */
const TOP_FRAMES = 5;

function SampleRateForm({ rate }: { rate: number }) {
  const { t } = useTranslation('errors');
  const toast = useToast();
  const [value, setValue] = useState(String(rate));
  const [saving, setSaving] = useState(false);
  const choices = RATES.includes(rate) ? RATES : [...RATES, rate].sort((a, b) => a - b);
  return (
    <EntryForm
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        api
          .put('/errors/config', { sample_rate: Number(value) })
          .then(() => refetch('errors'))
          .then(() => toast.success(t('rate.saved')), toast.error)
          .finally(() => setSaving(false));
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor="error-sample-rate">
          {t('rate.label')}
        </label>
        <select
          id="error-sample-rate"
          className="field__input"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          {choices.map((r) => (
            <option key={r} value={String(r)}>
              {r === 0 ? t('rate.off') : `${Math.round(r * 100)} %`}
            </option>
          ))}
        </select>
        <p className="field__hint">{t('rate.hint')}</p>
      </div>
      <div className="row">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('rate.save')}
        </button>
      </div>
    </EntryForm>
  );
}

function Releases({ releases }: { releases: ReleaseHealth[] }) {
  const { t } = useTranslation('errors');
  const fmt = useFormat();
  if (releases.length === 0) return <EmptyState title={t('releases.empty')} />;
  return (
    <div className="table-scroll">
      <table className="error-releases">
        <thead>
          <tr>
            <th scope="col">{t('releases.release')}</th>
            <th scope="col">{t('releases.sessions')}</th>
            <th scope="col">{t('releases.crashed')}</th>
            <th scope="col">{t('releases.crashFree')}</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.release}>
              <th scope="row">
                <code>{r.release}</code>
              </th>
              <td>{fmt.number(r.sessions, 0)}</td>
              <td>{fmt.number(r.crashed, 0)}</td>
              <td>{fmt.percent(r.crash_free * 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Group({ group }: { group: ErrorGroup }) {
  const { t } = useTranslation('errors');
  const fmt = useFormat();
  return (
    <li className="error-group" data-testid="error-group">
      <p className="error-group__title">
        <span className="error-group__kind">{t(`kinds.${group.kind}`, { defaultValue: group.kind })}</span>{' '}
        <strong>{group.name}</strong>: <span className="error-group__message">{group.message}</span>
      </p>
      <p className="error-group__meta">
        {t('groups.count', { count: group.count })} · {t('groups.devices', { count: group.devices })} ·{' '}
        {t('groups.release')} <code>{group.release}</code>
      </p>
      <p className="error-group__meta">
        {t('groups.firstSeen')} {fmt.dateTime(group.first_seen)} · {t('groups.lastSeen')}{' '}
        {fmt.dateTime(group.last_seen)}
      </p>
      <p className="error-group__meta">
        {t('groups.route')} <code>{group.route || '–'}</code>
      </p>
      {group.frames.length > 0 && (
        <ol className="error-group__frames" aria-label={t('groups.frames')}>
          {group.frames.slice(0, TOP_FRAMES).map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: frames of a stack, in order, never reordered
            <li key={i} className={f.mapped ? undefined : 'error-group__frame--raw'}>
              <code>
                {f.fn || t('groups.anonymous')} {f.file}:{f.line}:{f.col}
              </code>
              {!f.mapped && <span className="error-group__unmapped"> ({t('groups.unmapped')})</span>}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

function Overview({ data }: { data: ErrorOverview }) {
  const { t } = useTranslation('errors');
  return (
    <>
      <Card title={t('releases.title')}>
        <Releases releases={data.releases} />
      </Card>
      <Card title={t('groups.title')}>
        {data.groups.length === 0 ? (
          <EmptyState title={t('groups.empty')} />
        ) : (
          <ul className="error-groups">
            {data.groups.map((g) => (
              <Group key={g.fingerprint} group={g} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('rate.title')}>
        <SampleRateForm key={data.sample_rate} rate={data.sample_rate} />
      </Card>
    </>
  );
}

/** /admin/errors: system admins read the error groups and crash-free sessions, and set the sample rate. */
export function ErrorListScreen() {
  const { t } = useTranslation('errors');
  const isAdmin = useSession()?.user?.is_system_admin === true;
  const read = useFetched(isAdmin ? 'errors' : null, () => api.get<ErrorOverview>('/errors'));
  return (
    <div className="narrow stack">
      <PageHeader title={t('title')} subtitle={t('subtitle')} backTo="/profile" />
      {isAdmin ? (
        <>
          <Loaded read={read}>{(data) => <Overview data={data} />}</Loaded>
          <Card title={t('test.title')}>
            <TestErrorPart />
          </Card>
        </>
      ) : (
        <EmptyState title={t('notAdmin')} />
      )}
    </div>
  );
}
