import './register-locales.ts';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useFormat } from '#components/format';
import { dateProblem, type HarvestProjection } from '#shared/domain/figures';
import { harvestOnDay, type PondForecastData } from './forecast-data.ts';
import { problemText } from './price-form.ts';
import './forecast.css';

/**
 * "Harvest on a chosen date" (issue 26 point 2): a day, today or later (an earlier one is
 * refused with a translated message), and what a harvest then gives: ABW, size,
 * population, biomass, revenue at the farm's prices and HPP, from the forecast's own
 * input through the shared `harvestOn` (the same as GET /api/forecast/cycle?date=).
 */
export function HarvestOnDate({ data, today }: { data: PondForecastData; today: string }) {
  const { t } = useTranslation('forecast');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<HarvestProjection | null>(null);
  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('onDate.open')}
      </button>
    );
  const money = (v: number | null) => (v === null ? t('onDate.none') : format.money(v));
  return (
    <section id="harvest-on-date" aria-label={t('onDate.title')} data-testid="harvest-on-date">
      <h3>{t('onDate.title')}</h3>
      <Formik<{ date: string }>
        initialValues={{ date: today }}
        validate={(values) => {
          const problem = dateProblem(values.date, today);
          return problem ? { date: problemText(problem) } : {};
        }}
        // Async so the button is free again at once: a farmer tries one day after another.
        onSubmit={async (values) => setResult(harvestOnDay(data, values.date))}
      >
        {({ values }) => (
          <>
            <FormikForm className="form">
              <TextField name="date" type="date" label={t('onDate.date')} min={today} />
              <SubmitButton block={false}>{t('onDate.show')}</SubmitButton>
            </FormikForm>
            {/* Only the answer for the day in the box: another day typed hides the last one's. */}
            {result && result.date === values.date && (
              <div data-testid="harvest-on-date-result">
                <p>
                  <strong>{t('onDate.result', { date: format.date(result.date), doc: result.doc })}</strong>
                </p>
                <dl className="forecast-on-date">
                  <dt>{t('onDate.abw')}</dt>
                  <dd>{`${format.number(result.abw, 1)} g`}</dd>
                  <dt>{t('onDate.sizeLabel')}</dt>
                  <dd>{result.size === null ? t('onDate.none') : format.number(result.size, 0)}</dd>
                  <dt>{t('onDate.population')}</dt>
                  <dd>{format.number(result.population, 0)}</dd>
                  <dt>{t('onDate.biomass')}</dt>
                  <dd>
                    {result.biomass_kg === null
                      ? t('onDate.none')
                      : `${format.number(result.biomass_kg, 0)} kg`}
                  </dd>
                  <dt>{t('onDate.feed')}</dt>
                  <dd>{`${format.number(result.feed_kg, 0)} kg`}</dd>
                  <dt>{t('onDate.revenue')}</dt>
                  <dd data-testid="harvest-on-date-revenue">{money(result.revenue)}</dd>
                  <dt>{t('onDate.hpp')}</dt>
                  <dd>{result.hpp === null ? t('onDate.none') : `${format.money(result.hpp)}/kg`}</dd>
                </dl>
              </div>
            )}
          </>
        )}
      </Formik>
    </section>
  );
}
