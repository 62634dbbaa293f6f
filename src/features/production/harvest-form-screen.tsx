import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormikForm, SelectField, SubmitButton, TextField } from '#components/form-field';
import { useFormat } from '#components/format';
import { typingLanguage } from '#components/number-field';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { numberForInput } from '#shared/domain/number-input';
import { HARVEST_TYPES } from '#shared/domain/production-rules';
import { FormPage, type FormPageContext } from './form-shell.tsx';
import { createHarvest, harvestRepo, recordsOf, usePondProduction } from './production-data.ts';
import {
  changedFields,
  farmDay,
  type HarvestFormValues,
  harvestErrors,
  harvestFields,
  isClosed,
  remainingPopulation,
} from './production-model.ts';

function Preview({ values }: { values: HarvestFormValues }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const f = harvestFields(values);
  return (
    <p className="production-form__preview" aria-live="polite">
      {t('harvest.revenue')}: <strong>{format.money(f.revenue)}</strong> ·{' '}
      {t('harvest.count', { n: format.number(f.harvested_count, 0) })}
    </p>
  );
}

function HarvestForm({ pond, search, db, leave }: FormPageContext) {
  const { t } = useTranslation('production');
  const toast = useToast();
  const format = useFormat();
  const production = usePondProduction(db, pond.pond_id);
  if (!production) return null;
  const editing = search.harvest_id
    ? production.harvests.find((h) => h.harvest_id === search.harvest_id)
    : undefined;
  if (search.harvest_id && !editing) return <p className="notice">{t('form.notFound')}</p>;
  const stock = editing ? production.stocks.find((s) => s.stock_id === editing.stock_id) : production.active;
  if (!stock) return <p className="notice">{t('form.noStock')}</p>;
  const records = recordsOf(production, stock.stock_id);
  if (isClosed(stock, records.harvests) && editing?.type !== 'total')
    return <p className="notice">{t('form.frozen')}</p>;
  const today = farmDay();
  const ctx = { stock, ...records, today };
  const initial: HarvestFormValues = editing
    ? {
        harvested_on: editing.harvested_on,
        type: editing.type,
        weight_kg: numberForInput(editing.weight_kg, typingLanguage()),
        size: numberForInput(editing.size, typingLanguage()),
        price_per_kg: numberForInput(editing.price_per_kg, typingLanguage()),
      }
    : { harvested_on: today, type: 'partial', weight_kg: '', size: '', price_per_kg: '' };
  const types = editing
    ? HARVEST_TYPES.filter((type) => (type === 'total') === (editing.type === 'total'))
    : HARVEST_TYPES;
  return (
    <Formik
      initialValues={initial}
      validate={(values) => harvestErrors(values, ctx, editing?.harvest_id)}
      onSubmit={async (values) => {
        try {
          const fields = harvestFields(values);
          if (editing) await harvestRepo(db).update(editing.harvest_id, changedFields(editing, fields));
          else await createHarvest(db, stock, fields);
          toast.success(t(reachesServer() ? 'form.saved' : 'form.savedOffline'));
          leave();
        } catch {
          toast.error(t('form.saveFailed'));
        }
      }}
    >
      {({ values }) => (
        <FormikForm className="form">
          <FormAlert />
          <p className="field__hint">
            {t('form.remaining', { n: format.number(remainingPopulation(ctx, editing?.harvest_id), 0) })}
          </p>
          <TextField
            name="harvested_on"
            type="date"
            min={stock.stock_date}
            max={today}
            label={t('harvest.fields.harvested_on')}
          />
          <SelectField
            name="type"
            label={t('harvest.fields.type')}
            options={types.map((type) => ({ value: type, label: t(`harvest.types.${type}`) }))}
          />
          {values.type === 'total' && <p className="notice notice--warning">{t('harvest.totalWarning')}</p>}
          <TextField name="weight_kg" inputMode="decimal" label={t('harvest.fields.weight_kg')} />
          <TextField name="size" inputMode="decimal" label={t('harvest.fields.size')} />
          <TextField name="price_per_kg" inputMode="numeric" label={t('harvest.fields.price_per_kg')} />
          <Preview values={values} />
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      )}
    </Formik>
  );
}

/** /farm/{farm_id}/harvest/add?pond_id= (or &harvest_id= to edit). */
export function HarvestFormScreen() {
  const { t } = useTranslation('production');
  return (
    <FormPage feature="harverst" title={t('harvest.title')}>
      {(ctx) => (
        <>
          <h2 className="production-form__lead">
            {ctx.search.harvest_id ? t('harvest.edit') : t('harvest.add')}
          </h2>
          <HarvestForm {...ctx} />
        </>
      )}
    </FormPage>
  );
}
