import './register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { can } from '#components/farm-data';
import { Card, LoadError, Loading } from '#components/page';
import { useToast } from '#components/toast';
import { api } from '#local/api-client';
import type { Farm } from '#shared/contracts/farm';
import type { FeedSetting, FrTable } from '#shared/contracts/warehouse';
import { FEED_PROGRAMME_BOUNDS, type FeedProgramme } from '#shared/domain/feeding';
import { ACTION } from '#shared/domain/permissions';
import { Field, numberFrom } from './fields.tsx';

const FIELDS = Object.keys(FEED_PROGRAMME_BOUNDS) as (keyof FeedProgramme)[];

/**
 * The settings tab of the feeding programme (`/feedIdxSetting`, `/fr`), read and saved
 * online: the ration the feed form shows is computed by the server from these.
 */
export function FeedProgrammeTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation('warehouse');
  const toast = useToast();
  const [programme, setProgramme] = useState<Record<string, string> | null>(null);
  const [fr, setFr] = useState<{ abw: string; fr: string }[] | null>(null);
  const [meta, setMeta] = useState<{ programmeDefault: boolean; frDefault: boolean; blind: number }>({
    programmeDefault: true,
    frDefault: true,
    blind: 30,
  });
  const [error, setError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = can(farm, 'warehouse', ACTION.edit);

  const load = () => {
    setError(null);
    Promise.all([
      api.get<FeedSetting>('/feedIdxSetting', { farm_id: farm.farm_id }),
      api.get<FrTable>('/fr', { farm_id: farm.farm_id }),
    ])
      .then(([p, table]) => {
        setProgramme(Object.fromEntries(FIELDS.map((k) => [k, String(p[k] ?? '')])));
        setFr(table.rows.map((r) => ({ abw: String(r.abw), fr: String(r.fr) })));
        setMeta({ programmeDefault: p.is_default, frDefault: table.is_default, blind: p.blind_until_doc });
      })
      .catch(setError);
  };
  useEffect(load, [farm.farm_id]);

  if (error) return <LoadError error={error} onRetry={load} />;
  if (!programme || !fr) return <Loading />;

  const saveProgramme = async () => {
    const e: Record<string, string> = {};
    const body: Record<string, number | string> = { farm_id: farm.farm_id };
    for (const k of FIELDS) {
      const v = numberFrom(programme[k]);
      const b = FEED_PROGRAMME_BOUNDS[k];
      // Words, not a number ("seminggu"), say so; a number out of bounds names the range.
      if (!Number.isFinite(v)) e[k] = t('common:validation.numeric');
      else if (b.integer && !Number.isInteger(v)) e[k] = t('common:validation.integer');
      else if (v < b.min || v > b.max)
        e[k] = t('common:validation.range', { min: b.min, max: b.max }).replace(/ \(.*\)\.?$/, '.');
      else body[k] = v;
    }
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    try {
      await api.post('/feedIdxSetting', body);
      toast.success(t('programme.saved'));
      load();
    } catch (err) {
      toast.error(err);
    }
  };
  const saveFr = async () => {
    const rows = fr.map((r) => ({ abw: numberFrom(r.abw), fr: numberFrom(r.fr) }));
    const e: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (!Number.isFinite(r.abw) || r.abw < 0 || r.abw > 100) e[`abw.${i}`] = t('common:validation.numeric');
      if (!Number.isFinite(r.fr) || r.fr < 0 || r.fr > 100) e[`fr.${i}`] = t('common:validation.numeric');
    });
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    try {
      await api.post('/fr', { farm_id: farm.farm_id, rows });
      toast.success(t('programme.saved'));
      load();
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <>
      <Card title={t('programme.title')}>
        <p className="muted">
          {t('programme.intro', { doc: meta.blind })}{' '}
          {meta.programmeDefault && `(${t('programme.defaults')})`}
        </p>
        <EntryForm
          onSubmit={(ev) => {
            ev.preventDefault();
            void saveProgramme();
          }}
          className="wh-form"
        >
          <div className="wh-form__row">
            {FIELDS.map((k) => (
              <Field
                key={k}
                label={t(`programme.${k}`)}
                inputMode="decimal"
                value={programme[k]}
                disabled={!editable}
                onChange={(e) => setProgramme({ ...programme, [k]: e.target.value })}
                error={errors[k]}
              />
            ))}
          </div>
          {editable && (
            <button type="submit" className="button button--primary">
              {t('programme.save')}
            </button>
          )}
        </EntryForm>
      </Card>
      <Card title={t('programme.fr')}>
        {meta.frDefault && <p className="muted">{t('programme.defaults')}</p>}
        <EntryForm
          onSubmit={(ev) => {
            ev.preventDefault();
            void saveFr();
          }}
          className="fr-table"
        >
          {fr.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <div className="fr-row" key={i}>
              <Field
                label={t('programme.abw')}
                inputMode="decimal"
                value={row.abw}
                disabled={!editable}
                onChange={(e) => setFr(fr.map((r, j) => (j === i ? { ...r, abw: e.target.value } : r)))}
                error={errors[`abw.${i}`]}
              />
              <Field
                label={t('programme.frValue')}
                inputMode="decimal"
                value={row.fr}
                disabled={!editable}
                onChange={(e) => setFr(fr.map((r, j) => (j === i ? { ...r, fr: e.target.value } : r)))}
                error={errors[`fr.${i}`]}
              />
              {editable && fr.length > 1 && (
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => setFr(fr.filter((_, j) => j !== i))}
                >
                  {t('programme.removeRow')}
                </button>
              )}
            </div>
          ))}
          {editable && (
            <div className="wh-actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setFr([...fr, { abw: '', fr: '' }])}
              >
                {t('programme.addRow')}
              </button>
              <button type="submit" className="button button--primary">
                {t('programme.saveFr')}
              </button>
            </div>
          )}
        </EntryForm>
      </Card>
    </>
  );
}
