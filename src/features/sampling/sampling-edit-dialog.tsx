import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { EntryForm } from '#components/entry-form';
import { useFormat } from '#components/format';
import { typingLanguage } from '#components/number-field';
import { useToast } from '#components/toast';
import { WhenInput } from '#components/when-input';
import type { Local, TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { SAMPLINGS } from '#local/resources';
import type { Sampling } from '#shared/contracts/sampling';
import { numberForInput } from '#shared/domain/number-input';
import { SAMPLING_SIGNS } from '#shared/domain/sampling-signs';
import { cardNumbers, checkCard, ENTRY_FIELDS, type EntryField, type PondValues } from './entry-model.ts';
import { NumField } from './num-field.tsx';
import { Figures, type PreviousSample } from './sampling-pond-card.tsx';

interface Props {
  row: Local<Sampling>;
  previous: PreviousSample | undefined;
  earliest: string | null;
  today: string;
  db: TambakDb;
  onClose: () => void;
}

const textOf = (row: Local<Sampling>): PondValues =>
  Object.fromEntries(
    ENTRY_FIELDS.map((f) => [f, numberForInput(row[f] as number | null | undefined, typingLanguage())]),
  ) as PondValues;

/**
 * Edits one sampling on the device: only the changed fields go out, merged per field on
 * the server (ADR 0002). The same rules as the entry; nothing is saved while one fails.
 */
export function SamplingEditDialog({ row, previous, earliest, today, db, onClose }: Props) {
  const { t } = useTranslation('sampling');
  const format = useFormat();
  const toast = useToast();
  const [values, setValues] = useState<PondValues>(() => textOf(row));
  const [date, setDate] = useState(row.sampled_on);
  const [tried, setTried] = useState(false);
  const checked = checkCard(values, { date, today, earliest });
  const issues = 'errors' in checked ? checked.errors : {};
  const save = async () => {
    setTried(true);
    if ('errors' in checked) return;
    try {
      await createRepository<Sampling>(SAMPLINGS, db).update(row.id, checked.values);
      toast.success(t('savedOffline', { count: 1 }));
      onClose();
    } catch {
      toast.error(t('saveFailed'));
    }
  };
  const field = (name: EntryField, unit?: string, integer = true) => {
    const issue = issues[name]?.[0];
    return (
      <NumField
        key={name}
        name={`edit.${name}`}
        label={t(`fields.${name}`)}
        text={values[name] ?? ''}
        onChange={(text) => setValues((v) => ({ ...v, [name]: text }))}
        unit={unit}
        integer={integer}
        message={
          issue && (tried || (values[name] ?? '') !== '') ? t(`common:${issue.key}`, issue.params) : undefined
        }
      />
    );
  };
  return (
    <Dialog
      open
      title={t('list.editTitle', { date: format.date(row.sampled_on) })}
      onClose={onClose}
      size="large"
    >
      <EntryForm
        className="sampling-entry"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field sampling-date">
          <label className="field__label" htmlFor="sampling-edit-date">
            {t('date')}
          </label>
          <WhenInput
            id="sampling-edit-date"
            type="date"
            className="field__input"
            value={date}
            max={today}
            onChange={(event) => setDate(event.target.value)}
          />
          {issues.sampled_on && <p className="field__error">{t(`common:${issues.sampled_on[0].key}`)}</p>}
        </div>
        <div className="sampling-fields">
          {field('shrimp_count', t('units.pcs'))}
          {field('sample_weight', t('units.g'), false)}
        </div>
        <Figures {...cardNumbers(values)} date={date} previous={previous} />
        <fieldset className="sampling-signs">
          <legend>{t('signs')}</legend>
          {SAMPLING_SIGNS.map((sign) => field(sign))}
        </fieldset>
        <div className="row">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('list.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('list.saveEdit')}
          </button>
        </div>
      </EntryForm>
    </Dialog>
  );
}
