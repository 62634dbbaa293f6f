import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useFormat } from '#components/format';
import { typingLanguage } from '#components/number-field';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { numberForInput } from '#shared/domain/number-input';
import { FormPage, type FormPageContext } from './form-shell.tsx';
import { createDeath, deathRepo, recordsOf, usePondProduction } from './production-data.ts';
import {
  changedFields,
  type DeathFormValues,
  deathErrors,
  deathFields,
  farmDay,
  isClosed,
  remainingPopulation,
} from './production-model.ts';

function DeathForm({ pond, search, db, leave }: FormPageContext) {
  const { t } = useTranslation('production');
  const toast = useToast();
  const format = useFormat();
  const production = usePondProduction(db, pond.pond_id);
  if (!production) return null;
  const editing = search.death_id ? production.deaths.find((d) => d.death_id === search.death_id) : undefined;
  if (search.death_id && !editing) return <p className="notice">{t('form.notFound')}</p>;
  const stock = editing ? production.stocks.find((s) => s.stock_id === editing.stock_id) : production.active;
  if (!stock) return <p className="notice">{t('form.noStock')}</p>;
  const records = recordsOf(production, stock.stock_id);
  if (isClosed(stock, records.harvests)) return <p className="notice">{t('form.frozen')}</p>;
  const today = farmDay();
  const ctx = { stock, ...records, today };
  const initial: DeathFormValues = editing
    ? {
        died_on: editing.died_on,
        count: numberForInput(editing.count, typingLanguage()),
        total_weight_kg: numberForInput(editing.total_weight_kg, typingLanguage()),
      }
    : { died_on: today, count: '', total_weight_kg: '' };
  return (
    <Formik
      initialValues={initial}
      validate={(values) => deathErrors(values, ctx, editing?.death_id)}
      onSubmit={async (values) => {
        try {
          const fields = deathFields(values);
          if (editing) await deathRepo(db).update(editing.death_id, changedFields(editing, fields));
          else await createDeath(db, stock, fields);
          toast.success(t(reachesServer() ? 'form.saved' : 'form.savedOffline'));
          leave();
        } catch {
          toast.error(t('form.saveFailed'));
        }
      }}
    >
      <FormikForm className="form">
        <FormAlert />
        <p className="field__hint">
          {t('form.remaining', { n: format.number(remainingPopulation(ctx, editing?.death_id), 0) })}
        </p>
        <TextField
          name="died_on"
          type="date"
          min={stock.stock_date}
          max={today}
          label={t('death.fields.died_on')}
        />
        <TextField name="count" inputMode="numeric" label={t('death.fields.count')} />
        <TextField
          name="total_weight_kg"
          inputMode="decimal"
          label={t('death.fields.total_weight_kg')}
          optional
        />
        <SubmitButton>{t('ui:actions.save')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}

/** /farm/{farm_id}/death/add?pond_id= (or &death_id= to edit). */
export function DeathFormScreen() {
  const { t } = useTranslation('production');
  return (
    <FormPage feature="death" title={t('death.title')}>
      {(ctx) => (
        <>
          <h2 className="production-form__lead">{ctx.search.death_id ? t('death.edit') : t('death.add')}</h2>
          <DeathForm {...ctx} />
        </>
      )}
    </FormPage>
  );
}
