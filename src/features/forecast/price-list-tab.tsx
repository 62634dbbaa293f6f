import './register-locales.ts';
import { FieldArray, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useFormat } from '#components/format';
import { Card, Loaded } from '#components/page';
import { useToast } from '#components/toast';
import { translateMessage } from '#components/validation';
import { getDb } from '#local/db';
import type { Farm } from '#shared/contracts/farm';
import type { PriceList } from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { type PriceSettings, savePriceList, saveTargetSizes, usePriceSettings } from './forecast-data.ts';
import { checkPriceForm, checkTargetSizes, type PriceFormValues } from './price-form.ts';

const BLANK_ROWS = 3;

function rowsOf(list: PriceList | null): PriceFormValues['rows'] {
  const rows = (list?.prices ?? []).map((p) => ({ size: String(p.size), price: String(p.price_per_kg) }));
  return rows.length > 0 ? rows : Array.from({ length: BLANK_ROWS }, () => ({ size: '', price: '' }));
}

/** The farm's price list: the one in force, the suggestion from past harvests (one tap to take it), the editor. */
function PriceListCard({ farm, s, today }: { farm: Farm; s: PriceSettings; today: string }) {
  const { t, i18n } = useTranslation('forecast');
  const format = useFormat();
  const toast = useToast();
  const editable = can(farm, 'finance', ACTION.edit) || can(farm, 'harverst', ACTION.edit);
  return (
    <Card title={t('settings.title')}>
      <div data-testid="price-list-tab">
        <p className="muted">{t('settings.intro')}</p>
        {!editable && <p className="notice">{t('settings.readOnly')}</p>}
        <p>
          {s.current
            ? t('settings.current', { date: format.date(s.current.valid_from) })
            : t('settings.empty')}
        </p>
        <Formik<PriceFormValues>
          initialValues={{ valid_from: s.current?.valid_from ?? today, rows: rowsOf(s.current) }}
          enableReinitialize
          validate={(values) => checkPriceForm(values, i18n.language).errors}
          onSubmit={async (values) => {
            const { prices } = checkPriceForm(values, i18n.language);
            if (!prices || !editable) return;
            await savePriceList(getDb(), farm.farm_id, values.valid_from, prices, s.rows);
            toast.success(t('settings.saved'));
          }}
        >
          {({ values, setValues }) => (
            <FormikForm className="form">
              <div className="price-suggestion" data-testid="price-suggestion">
                <strong>{t('settings.suggestion')}</strong>{' '}
                {s.suggestion ? (
                  <>
                    {s.suggestion.prices.map((p) => `${p.size}: ${format.money(p.price_per_kg)}`).join(' · ')}{' '}
                    {editable && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => void setValues({ ...values, rows: rowsOf(s.suggestion) })}
                      >
                        {t('settings.takeSuggestion')}
                      </button>
                    )}
                  </>
                ) : (
                  <span className="muted">{t('settings.noSuggestion')}</span>
                )}
              </div>
              <TextField name="valid_from" type="date" label={t('settings.validFrom')} disabled={!editable} />
              <FieldArray name="rows">
                {(rows) => (
                  <>
                    {values.rows.map((_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                      <div className="fr-row price-row" key={i}>
                        <TextField
                          name={`rows.${i}.size`}
                          inputMode="numeric"
                          label={t('settings.size')}
                          disabled={!editable}
                        />
                        <TextField
                          name={`rows.${i}.price`}
                          inputMode="numeric"
                          label={t('settings.price')}
                          disabled={!editable}
                        />
                        {editable && values.rows.length > 1 && (
                          <button
                            type="button"
                            className="button button--ghost-danger button--small"
                            aria-label={t('settings.removeRow', { n: i + 1 })}
                            onClick={() => rows.remove(i)}
                          >
                            ×
                          </button>
                        )}
                      </div>
                    ))}
                    {editable && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => rows.push({ size: '', price: '' })}
                      >
                        {t('settings.addRow')}
                      </button>
                    )}
                  </>
                )}
              </FieldArray>
              <FormAlert />
              {editable && <SubmitButton>{t('settings.save')}</SubmitButton>}
            </FormikForm>
          )}
        </Formik>
      </div>
    </Card>
  );
}

/** The farm's target sizes, checked against the running ponds (a size all have passed is refused). */
function TargetSizesCard({ farm, s }: { farm: Farm; s: PriceSettings }) {
  const { t } = useTranslation('forecast');
  const toast = useToast();
  const editable = can(farm, 'finance', ACTION.edit) || can(farm, 'harverst', ACTION.edit);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title={t('settings.targetsTitle')}>
      <p className="muted">
        {t('settings.targetsIntro')} {s.targetsDefault && t('settings.targetsDefault')}
      </p>
      <Formik<{ sizes: string }>
        initialValues={{ sizes: s.targets.join(', ') }}
        enableReinitialize
        validate={(values) => {
          const { error: problem } = checkTargetSizes(values.sizes, s.runningAbws);
          return problem ? { sizes: problem } : {};
        }}
        onSubmit={async (values) => {
          const { sizes } = checkTargetSizes(values.sizes, s.runningAbws);
          if (!sizes || !editable) return;
          setError(null);
          await saveTargetSizes(getDb(), farm.farm_id, sizes);
          toast.success(t('settings.targetsSaved'));
        }}
      >
        <FormikForm className="form">
          <TextField name="sizes" label={t('settings.targets')} disabled={!editable} inputMode="numeric" />
          {error && <p role="alert">{translateMessage(t, error)}</p>}
          {editable && <SubmitButton>{t('settings.saveTargets')}</SubmitButton>}
        </FormikForm>
      </Formik>
    </Card>
  );
}

/** Settings → Prices (ADR 0072): the price list and the target sizes, edited offline through the outbox. */
export function PriceListTab({ farm, today }: { farm: Farm; today: string }) {
  const settings = usePriceSettings(getDb(), farm.farm_id, today);
  return (
    <Loaded read={settings}>
      {(s) => (
        <div className="stack">
          <PriceListCard farm={farm} s={s} today={today} />
          <TargetSizesCard farm={farm} s={s} />
        </div>
      )}
    </Loaded>
  );
}
