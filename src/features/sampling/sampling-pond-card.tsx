import './register-locales.ts';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreValue } from '#components/field-store.ts';
import { useFormat } from '#components/format';
import { PhotoPicker, type PickedPhoto } from '#components/photo-picker';
import { newId } from '#local/ids';
import type { Pond } from '#shared/contracts/farm';
import { abwDrop, samplingFigures } from '#shared/domain/figures';
import type { Issue } from '#shared/domain/sampling-rules';
import { SAMPLING_SIGNS } from '#shared/domain/sampling-signs';
import { cardNumbers, checkCard, type EntryField, type PendingPhoto } from './entry-model.ts';
import { NumField } from './num-field.tsx';
import type { SamplingStore } from './use-sampling-entry.ts';

export interface PreviousSample {
  sampled_on: string;
  sample_weight: number;
  shrimp_count: number;
}

interface CardProps {
  store: SamplingStore;
  pond: Pond;
  doc: number;
  today: string;
  /** The cycle's first day for samplings (stocking, or the cycle start). */
  earliest: string | null;
  /** The cycle's latest sampling before the entry's date (for ADG), if any. */
  previous: PreviousSample | undefined;
  /** After a save attempt, empty required boxes are flagged too. */
  showMissing: boolean;
}

const NO_PHOTOS: PendingPhoto[] = [];

const samePrevious = (a: PreviousSample | undefined, b: PreviousSample | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.sampled_on === b.sampled_on &&
    a.sample_weight === b.sample_weight &&
    a.shrimp_count === b.shrimp_count);

/**
 * A card renders again only when what it shows changed: the farm's samplings read again
 * (a pull landing, a new phone's history arriving in slices, ADR 0133) hand it a new but
 * equal previous sampling, and 50 cards rendered for nothing while the keeper typed.
 */
function sameCard(a: CardProps, b: CardProps): boolean {
  return (
    a.store === b.store &&
    a.pond === b.pond &&
    a.doc === b.doc &&
    a.today === b.today &&
    a.earliest === b.earliest &&
    a.showMissing === b.showMissing &&
    samePrevious(a.previous, b.previous)
  );
}

/**
 * One pond of the entry: count and weight, the six signs, ABW, size and ADG worked out
 * as he types, and the sample's photos (kept in the form until the save).
 */
export const SamplingPondCard = memo(function SamplingPondCard({
  store,
  pond,
  doc,
  today,
  earliest,
  previous,
  showMissing,
}: CardProps) {
  const { t } = useTranslation('sampling');
  const pondId = pond.pond_id;
  const values = useStoreValue(store, (s) => s.values[pondId]);
  const date = useStoreValue(store, (s) => s.date);
  const photos = useStoreValue(store, (s) => s.photos[pondId] ?? NO_PHOTOS);
  const checked = checkCard(values, { date, today, earliest });
  const issues = 'errors' in checked ? checked.errors : {};
  const setField = useCallback(
    (field: EntryField, text: string) =>
      store.set((s) => ({ ...s, values: { ...s.values, [pondId]: { ...s.values[pondId], [field]: text } } })),
    [store, pondId],
  );
  const setPhotos = (change: (list: PendingPhoto[]) => PendingPhoto[]) =>
    store.set((s) => ({ ...s, photos: { ...s.photos, [pondId]: change(s.photos[pondId] ?? []) } }));
  const onAdd = (picked: PickedPhoto[]) =>
    setPhotos((list) => [...list, ...picked.map((p) => ({ ...p, id: newId() }))]);
  const onRemove = (id: string) => setPhotos((list) => list.filter((p) => p.id !== id));

  const messageOf = (field: EntryField): string | undefined => {
    const issue: Issue | undefined = issues[field]?.[0];
    const typed = (values?.[field] ?? '').trim() !== '';
    if (!issue || (!typed && !showMissing)) return undefined;
    if (!typed) return t('common:validation.required');
    return t(`common:${issue.key}`, issue.params);
  };
  const field = (name: EntryField, unit?: string, integer = true) => (
    <NumField
      key={name}
      name={`${pondId}.${name}`}
      label={t(`fields.${name}`)}
      context={pond.name}
      text={values?.[name] ?? ''}
      onChange={(text) => setField(name, text)}
      unit={unit}
      integer={integer}
      message={messageOf(name)}
    />
  );
  return (
    <section className="sampling-card" aria-labelledby={`sampling-card-${pondId}`} data-pond-id={pondId}>
      <header className="sampling-card__header">
        <h2 className="sampling-card__name" id={`sampling-card-${pondId}`}>
          {pond.name}
        </h2>
        <span className="sampling-card__meta">
          {pond.block_name} · {t('ponds.doc', { doc })}
        </span>
      </header>
      <div className="sampling-fields">
        {field('shrimp_count', t('units.pcs'))}
        {field('sample_weight', t('units.g'), false)}
      </div>
      <Figures
        count={cardNumbers(values).count}
        weight={cardNumbers(values).weight}
        date={date}
        previous={previous}
      />
      <fieldset className="sampling-signs">
        <legend>{t('signs')}</legend>
        {SAMPLING_SIGNS.map((sign) => field(sign))}
      </fieldset>
      {issues.sampled_on && showMissing && (
        <p className="num-field__message" role="alert">
          {t(`common:${issues.sampled_on[0].key}`)}
        </p>
      )}
      <PhotoPicker
        photos={photos.map((p) => ({ id: p.id, status: 'new' as const, blob: p.blob }))}
        onAdd={onAdd}
        onRemove={onRemove}
      />
    </section>
  );
}, sameCard);

/** ABW, size and ADG of what is typed (– until there is something to compute). */
export function Figures({
  count,
  weight,
  date,
  previous,
}: {
  count?: number;
  weight?: number;
  date: string;
  previous: PreviousSample | undefined;
}) {
  const { t } = useTranslation('sampling');
  const format = useFormat();
  const figures = samplingFigures(
    { sample_weight: weight, shrimp_count: count, day: date },
    previous && { ...previous, day: previous.sampled_on },
  );
  const none = t('figures.none');
  const prevAbw = previous ? previous.sample_weight / previous.shrimp_count : null;
  const drop = abwDrop(figures.abw, prevAbw);
  return (
    <div className="sampling-figures-box" aria-live="polite">
      <dl className="sampling-figures">
        <div>
          <dt>{t('figures.abw')}</dt>
          <dd>
            {figures.abw === null ? none : t('figures.abwValue', { value: format.number(figures.abw, 2) })}
          </dd>
        </div>
        <div>
          <dt>{t('figures.size')}</dt>
          <dd>
            {figures.size === null ? none : t('figures.sizeValue', { value: format.number(figures.size, 0) })}
          </dd>
        </div>
        <div>
          <dt>{t('figures.adg')}</dt>
          <dd>
            {figures.adg === null ? none : t('figures.adgValue', { value: format.number(figures.adg, 2) })}
          </dd>
        </div>
      </dl>
      <p className="sampling-figures__note">
        {previous && prevAbw
          ? t('figures.previous', { date: format.date(previous.sampled_on), abw: format.number(prevAbw, 2) })
          : t('figures.adgNone')}
      </p>
      {drop !== null && <p className="sampling-figures__warn">{t('figures.dropped', { pct: drop })}</p>}
    </div>
  );
}
