import './register-locales.ts';
import { Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useFormat } from '#components/format';
import { typingLanguage } from '#components/number-field';
import { PhotoPicker, type PickedPhoto } from '#components/photo-picker';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { addRecordPhotos, removeRecordPhoto, useRecordPhotos } from '#components/use-record-photos.ts';
import { newId } from '#local/ids';
import type { Farm } from '#shared/contracts/farm';
import { numberForInput } from '#shared/domain/number-input';
import { clearDraft, DraftSaver, FormPage, type FormPageContext, useDraft } from './form-shell.tsx';
import { createStock, recordsOf, stockRepo, usePondProduction } from './production-data.ts';
import {
  changedFields,
  farmDay,
  remainingPopulation,
  type StockFormValues,
  stockDensity,
  stockErrors,
  stockFields,
} from './production-model.ts';

const DRAFT = 'stock';
const EMPTY: StockFormValues = {
  stock_date: '',
  seed_net: '',
  seed_actual: '',
  seed_source: '',
  pl_age: '',
  bags: '',
};
const tierOf = (farm: Farm) => (farm.status === 0 ? 'stock' : 'cycle');

function DensityHint({ seed, area }: { seed: string; area: number }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const density = stockDensity(seed, area);
  if (!(area > 0)) return <p className="field__hint">{t('stock.noArea')}</p>;
  return (
    <p className="field__hint production-form__density" aria-live="polite">
      {t('stock.hints.density', {
        value: density === null ? '–' : format.number(density, 1),
        area: format.number(area, 0),
      })}
    </p>
  );
}

/**
 * A tool placed next to the actual seed count that fills it (the larvae counter,
 * composed in src/app/screens because features don't import each other): it gets the
 * setter of the field.
 */
export type SeedCounter = (fillCount: (count: number) => void) => ReactNode;

type NewSeedPhoto = PickedPhoto & { id: string };

/**
 * Seed photos: a new stocking keeps them until its save (one transaction with the
 * record); an existing one stores them at once, queued behind it.
 */
function SeedPhotos({
  farmId,
  pondId,
  stockId,
  picked,
  setPicked,
}: {
  farmId: string;
  pondId: string;
  stockId?: string;
  picked: NewSeedPhoto[];
  setPicked: (update: (list: NewSeedPhoto[]) => NewSeedPhoto[]) => void;
}) {
  const { t } = useTranslation('production');
  const stored = useRecordPhotos('stock', stockId ? [stockId] : []);
  if (stockId) {
    return (
      <PhotoPicker
        label={t('stock.photos')}
        photos={stored.get(stockId) ?? []}
        onAdd={(more) => addRecordPhotos({ farmId, pondId, recordType: 'stock', recordId: stockId }, more)}
        onRemove={removeRecordPhoto}
      />
    );
  }
  return (
    <PhotoPicker
      label={t('stock.photos')}
      photos={picked.map((p) => ({ id: p.id, status: 'new' as const, blob: p.blob }))}
      onAdd={(more) => setPicked((list) => [...list, ...more.map((p) => ({ ...p, id: newId() }))])}
      onRemove={(id) => setPicked((list) => list.filter((p) => p.id !== id))}
    />
  );
}

function StockForm({
  farm,
  pond,
  search,
  db,
  leave,
  seedCounter,
}: FormPageContext & { seedCounter?: SeedCounter }) {
  const { t } = useTranslation('production');
  const toast = useToast();
  const production = usePondProduction(db, pond.pond_id);
  const [picked, setPicked] = useState<NewSeedPhoto[]>([]);
  const draft = useDraft<StockFormValues>(db, farm.farm_id, DRAFT);
  const editing = search.stock_id
    ? production?.stocks.find((s) => s.stock_id === search.stock_id)
    : undefined;
  if (!production || draft === undefined) return null;
  if (search.stock_id && !editing) return <p className="notice">{t('form.notFound')}</p>;
  if (!editing && production.active) return <p className="notice">{t('common:error.stock-active-exists')}</p>;
  const today = farmDay();
  const records = editing ? recordsOf(production, editing.stock_id) : { harvests: [], deaths: [] };
  const firstRecordDay =
    [...records.deaths.map((d) => d.died_on), ...records.harvests.map((h) => h.harvested_on)].sort()[0] ??
    null;
  const usedCount = editing
    ? editing.seed_actual - remainingPopulation({ stock: editing, ...records, today })
    : 0;
  const initial: StockFormValues = editing
    ? {
        stock_date: editing.stock_date,
        seed_net: numberForInput(editing.seed_net, typingLanguage()),
        seed_actual: numberForInput(editing.seed_actual, typingLanguage()),
        seed_source: editing.seed_source ?? '',
        pl_age: numberForInput(editing.pl_age, typingLanguage()),
        bags: numberForInput(editing.bags, typingLanguage()),
      }
    : (draft ?? { ...EMPTY, stock_date: today });
  return (
    <Formik
      initialValues={initial}
      validate={(values) => stockErrors(values, today, { firstRecordDay, usedCount })}
      onSubmit={async (values) => {
        try {
          const fields = stockFields(values);
          if (editing) await stockRepo(db).update(editing.stock_id, changedFields(editing, fields));
          else {
            await createStock(db, {
              farmId: farm.farm_id,
              pondId: pond.pond_id,
              areaM2: pond.area,
              fields,
              photos: picked,
            });
            await clearDraft(db, farm.farm_id, DRAFT);
          }
          toast.success(t(reachesServer() ? 'form.saved' : 'form.savedOffline'));
          leave();
        } catch {
          toast.error(t('form.saveFailed'));
        }
      }}
    >
      {({ values, setFieldValue, setFieldTouched }) => (
        <FormikForm className="form">
          {!editing && <DraftSaver db={db} farmId={farm.farm_id} form={DRAFT} />}
          {!editing && draft && <p className="notice">{t('form.draftRestored')}</p>}
          <FormAlert />
          <TextField name="stock_date" type="date" max={today} label={t('stock.fields.stock_date')} />
          <TextField name="seed_net" inputMode="numeric" label={t('stock.fields.seed_net')} />
          <TextField
            name="seed_actual"
            inputMode="numeric"
            label={t('stock.fields.seed_actual')}
            hint={t('stock.hints.seed_actual')}
          />
          {seedCounter && (
            <div className="production-form__counter">
              {seedCounter((count) => {
                void setFieldValue('seed_actual', numberForInput(count, typingLanguage())).then(() =>
                  setFieldTouched('seed_actual'),
                );
              })}
            </div>
          )}
          <DensityHint seed={values.seed_actual} area={pond.area} />
          <TextField name="seed_source" label={t('stock.fields.seed_source')} optional maxLength={100} />
          <TextField name="pl_age" inputMode="numeric" label={t('stock.fields.pl_age')} optional />
          <TextField name="bags" inputMode="numeric" label={t('stock.fields.bags')} optional />
          <SeedPhotos
            farmId={farm.farm_id}
            pondId={pond.pond_id}
            stockId={editing?.stock_id}
            picked={picked}
            setPicked={setPicked}
          />
          {!editing && <p className="field__hint">{t('stock.startsCycle')}</p>}
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      )}
    </Formik>
  );
}

/** /farm/{farm_id}/stock/add?pond_id= (or &stock_id= to edit): the stocking form. */
export function StockFormScreen({ seedCounter }: { seedCounter?: SeedCounter } = {}) {
  const { t } = useTranslation('production');
  return (
    <FormPage feature="stock" title={t('actions.stock')}>
      {(ctx) => (
        <>
          <h2 className="production-form__lead">
            {ctx.search.stock_id ? t('stock.edit') : t(`stock.add.${tierOf(ctx.farm)}`)}
          </h2>
          <StockForm {...ctx} seedCounter={seedCounter} />
        </>
      )}
    </FormPage>
  );
}
