import './register-locales.ts';
import { Formik, useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { ApiError } from '#local/api-client';
import { deviceToday } from '#local/day-coverage';
import type { Pond } from '#shared/contracts/farm';
import { REPORT_MAX_DAYS, REPORT_MAX_PONDS, type ReportJob } from '#shared/contracts/reports';
import { addDays, chartRangeDays } from '#shared/domain/chart-range';
import { isNetworkError, isOffline, requestReport } from './reports-data.ts';

export interface ReportValues {
  pond_ids: string[];
  from: string;
  to: string;
}

/** Today on this device (YYYY-MM-DD): the default end of the range. */
export { deviceToday };

/** The same limits the server checks (REPORT_MAX_*), as translated messages per field. */
export function validateReport(
  values: ReportValues,
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  const errors: Partial<Record<keyof ReportValues, string>> = {};
  if (values.pond_ids.length === 0) errors.pond_ids = t('validation.ponds');
  else if (values.pond_ids.length > REPORT_MAX_PONDS)
    errors.pond_ids = t('validation.tooManyPonds', { max: REPORT_MAX_PONDS });
  if (!values.from) errors.from = t('validation.date');
  if (!values.to) errors.to = t('validation.date');
  const days = values.from && values.to ? chartRangeDays(values.from, values.to) : null;
  if (days !== null && days < 1) errors.to = t('validation.fromAfterTo');
  else if (days !== null && days > REPORT_MAX_DAYS)
    errors.to = t('validation.tooLong', { days, max: REPORT_MAX_DAYS });
  return errors;
}

function PondChecklist({ ponds }: { ponds: Pond[] }) {
  const { t } = useTranslation('reports');
  const [field, meta, helpers] = useField<string[]>('pond_ids');
  const { submitCount } = useFormikContext();
  const chosen = new Set(field.value);
  const all = ponds.length > 0 && ponds.every((p) => chosen.has(p.pond_id));
  const error = meta.error && (meta.touched || submitCount > 0) ? String(meta.error) : undefined;
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    void helpers.setValue(ponds.map((p) => p.pond_id).filter((pid) => next.has(pid)));
    void helpers.setTouched(true, false);
  };
  return (
    <fieldset className={`field report-ponds${error ? ' field--invalid' : ''}`}>
      <legend className="field__label">{t('ponds')}</legend>
      <label className="report-ponds__item report-ponds__all">
        <input
          type="checkbox"
          checked={all}
          onChange={() => void helpers.setValue(all ? [] : ponds.map((p) => p.pond_id))}
        />
        {t('allPonds')}
      </label>
      <div className="report-ponds__list">
        {ponds.map((p) => (
          <label key={p.pond_id} className="report-ponds__item">
            <input type="checkbox" checked={chosen.has(p.pond_id)} onChange={() => toggle(p.pond_id)} />
            <span>
              {p.name}
              {p.block_name && <span className="report-ponds__block"> · {p.block_name}</span>}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint">{t('pondsHint', { max: REPORT_MAX_PONDS })}</p>
      )}
    </fieldset>
  );
}

/** Ponds, a date range and the build button; a started build is handed to `onStarted`. */
export function ReportForm({
  farmId,
  ponds,
  onStarted,
  onOffline,
}: {
  farmId: string;
  ponds: Pond[];
  onStarted: (job: ReportJob) => void;
  onOffline: () => void;
}) {
  const { t } = useTranslation('reports');
  const today = deviceToday();
  const initial: ReportValues = {
    pond_ids: ponds.map((p) => p.pond_id),
    from: addDays(today, -29),
    to: today,
  };
  return (
    <Formik<ReportValues>
      initialValues={initial}
      validate={(values) => validateReport(values, (key, params) => t(key, params ?? {}) as string)}
      onSubmit={async (values, helpers) => {
        if (isOffline()) {
          onOffline();
          return;
        }
        try {
          onStarted(await requestReport({ farm_id: farmId, ...values }));
        } catch (error) {
          if (isNetworkError(error)) onOffline();
          else {
            applyServerErrors(error, helpers, values);
            if (error instanceof ApiError && !error.errors) helpers.setStatus({ formError: error.message });
          }
        }
      }}
    >
      <FormikForm className="report-form" aria-label={t('title')}>
        <PondChecklist ponds={ponds} />
        <div className="report-form__range">
          <TextField name="from" type="date" label={t('from')} max={today} />
          <TextField name="to" type="date" label={t('to')} hint={t('rangeHint', { max: REPORT_MAX_DAYS })} />
        </div>
        <FormAlert />
        <SubmitButton>{t('build')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}
