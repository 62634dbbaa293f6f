import './register-locales.ts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '#components/form-field';
import { useFormat } from '#components/format';
import { TimeInput } from '#components/time-input';
import { WhenInput } from '#components/when-input';
import { ANCO_STATUSES, type AncoStatus } from '#shared/domain/anco';
import { DISEASE_SEVERITIES, MASTER_DISEASES, masterDisease } from '#shared/domain/diseases';
import {
  type AncoPond,
  isHhMm,
  setTrays,
  type WaterChangePond,
  type WaterChangeProblem,
  waterChangeTotal,
} from './records-model.ts';

export { isHhMm };

/** The day (never after today) and, when asked, the HH:mm of a round of records. */
export function RecordDateTime({
  date,
  time,
  today,
  timeLabel,
  onChange,
}: {
  date: string;
  time?: string;
  today: string;
  timeLabel?: string;
  onChange: (next: { date?: string; time?: string }) => void;
}) {
  const { t } = useTranslation('records');
  const dateId = useId();
  const timeId = useId();
  return (
    <div className="record-when">
      <div className="field">
        <label className="field__label" htmlFor={dateId}>
          {t('common.date')}
        </label>
        <WhenInput
          id={dateId}
          type="date"
          className="field__input"
          value={date}
          max={today}
          required
          onChange={(e) => onChange({ date: e.target.value })}
        />
      </div>
      {time !== undefined && (
        <div className="field">
          <label className="field__label" htmlFor={timeId}>
            {timeLabel ?? t('common.time')}
          </label>
          <TimeInput
            id={timeId}
            value={time}
            aria-invalid={(time !== '' && !isHhMm(time)) || undefined}
            onValue={(value) => onChange({ time: value })}
          />
          {time !== '' && !isHhMm(time) && <p className="field__error">{t('common.badTime')}</p>}
        </div>
      )}
    </div>
  );
}

/** Feedings of a day a tray check can belong to. */
export const FEEDINGS = [1, 2, 3, 4, 5, 6];

/**
 * "All trays the same" of one pond: one tap sets every tray (the usual round), the rows
 * below stay for the odd tray. `onDone` moves on to the next pond.
 */
export function AllTraysRow({
  pondName,
  statuses,
  onTap,
}: {
  pondName: string;
  statuses: readonly (AncoStatus | null)[];
  onTap: (s: AncoStatus) => void;
}) {
  const { t } = useTranslation('records');
  const all = statuses.length > 0 && statuses.every((s) => s === statuses[0]) ? statuses[0] : null;
  return (
    <fieldset className="tray-row tray-row--all" data-testid="anco-all">
      <legend className="tray-row__label">{t('anco.allSame')}</legend>
      <div className="tray-row__choices">
        {ANCO_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`tray-choice tray-choice--${s}`}
            aria-pressed={all === s}
            aria-label={t('anco.allSameAs', { pond: pondName, status: t(`anco.status.${s}`) })}
            onClick={() => onTap(s)}
          >
            {t(`anco.status.${s}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** One feed tray: Habis / Sisa Sedikit / Sisa Banyak; tapping the chosen one clears it. */
export function TrayRow({
  index,
  status,
  onTap,
}: {
  index: number;
  status: AncoStatus | null;
  onTap: (s: AncoStatus) => void;
}) {
  const { t } = useTranslation('records');
  const label = t('anco.tray', { n: index + 1 });
  return (
    <fieldset className="tray-row">
      <legend className="tray-row__label">{label}</legend>
      <div className="tray-row__choices">
        {ANCO_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`tray-choice tray-choice--${s}`}
            aria-pressed={status === s}
            onClick={() => onTap(s)}
          >
            {t(`anco.status.${s}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Which feeding of the day (1–6) a tray check follows. */
export function FeedingPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('records');
  return (
    <fieldset className="feeding-picker">
      <legend className="field__label">{t('anco.feeding')}</legend>
      <div className="feeding-picker__choices">
        {FEEDINGS.map((n) => (
          <button
            key={n}
            type="button"
            className="feeding-choice"
            aria-pressed={value === n}
            aria-label={t('anco.feedingN', { n })}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The disease from the master list (sorted by name in the language shown) and its signs. */
export function DiseaseSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | null;
  onChange: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const id = useId();
  const en = i18n.language === 'en';
  const sorted = useMemo(
    () =>
      [...MASTER_DISEASES].sort((a, b) =>
        (en ? a.name_en : a.name_id).localeCompare(en ? b.name_en : b.name_id),
      ),
    [en],
  );
  const master = value ? masterDisease(Number(value)) : undefined;
  return (
    <>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {t('disease.disease')}
        </label>
        <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('disease.choose')}</option>
          {sorted.map((d) => (
            <option key={d.id} value={d.id}>
              {en ? d.name_en : d.name_id}
            </option>
          ))}
        </select>
        {error && <p className="field__error">{error}</p>}
      </div>
      {master && (
        <p className="disease-signs" aria-live="polite">
          <strong>{t('disease.signs')}: </strong>
          {en ? master.signs_en : master.signs_id}
        </p>
      )}
    </>
  );
}

/** Light / moderate / severe, optional: tapping the chosen one clears it. */
export function SeverityPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (n: number | null) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <fieldset className="feeding-picker">
      <legend className="field__label">
        {t('disease.severity')} <span className="field__optional">({t('common.optional')})</span>
      </legend>
      <div className="choice-row">
        {DISEASE_SEVERITIES.map((n) => (
          <button
            key={n}
            type="button"
            className="feeding-choice"
            aria-pressed={value === n}
            onClick={() => onChange(value === n ? null : n)}
          >
            {t(`disease.severities.${n}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The number of trays of a pond (1–ANCO_MAX_TRAYS), keeping the statuses of the trays kept. */
export function TrayCount({ value, onChange }: { value: AncoPond; onChange: (next: AncoPond) => void }) {
  const { t } = useTranslation('records');
  return (
    <div className="tray-count">
      <span>{t('anco.trays')}</span>
      <button
        type="button"
        className="icon-button tray-count__button"
        aria-label={t('anco.fewer')}
        onClick={() => onChange(setTrays(value, value.trays - 1))}
      >
        −
      </button>
      <output className="tray-count__value">{value.trays}</output>
      <button
        type="button"
        className="icon-button tray-count__button"
        aria-label={t('anco.more')}
        onClick={() => onChange(setTrays(value, value.trays + 1))}
      >
        +
      </button>
    </div>
  );
}

/** A short text or decimal field with its label. */
export function TextField({
  label,
  value,
  decimal,
  error,
  optional,
  wide,
  onChange,
}: {
  label: string;
  value: string;
  decimal?: boolean;
  error?: boolean;
  optional?: boolean;
  /** Spans the whole row of a field grid. */
  wide?: boolean;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('records');
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}${wide ? ' pond-change__note' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> ({t('common.optional')})</span>}
      </label>
      <input
        id={id}
        className="field__input"
        inputMode={decimal ? 'decimal' : 'text'}
        autoComplete="off"
        value={value}
        aria-invalid={error || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A water change's percent, height and note (the entry card's and the edit dialog's). */
export function WaterChangeFields({
  value,
  problem,
  onChange,
  areaM2,
}: {
  value: WaterChangePond;
  problem: WaterChangeProblem;
  onChange: (v: WaterChangePond) => void;
  /** The pond's area: the total water changed shows as the height is typed. */
  areaM2?: number;
}) {
  const { t } = useTranslation('records');
  const f = useFormat();
  const total = waterChangeTotal(areaM2, value.height);
  return (
    <div className="pond-change" data-testid="water-change-pond">
      <TextField
        label={t('waterChange.percent')}
        value={value.percent}
        decimal
        error={problem === 'range' || problem === 'needOne' || problem === 'percentNumber'}
        onChange={(percent) => onChange({ ...value, percent })}
      />
      <TextField
        label={t('waterChange.height')}
        value={value.height}
        decimal
        error={problem === 'heightRange' || problem === 'heightNumber'}
        onChange={(height) => onChange({ ...value, height })}
      />
      {total !== null && (
        <p className="muted" data-testid="water-change-total">
          {t('waterChange.total', { value: f.number(total, 2) })}
        </p>
      )}
      <TextField
        label={t('common.note')}
        value={value.note}
        wide
        onChange={(note) => onChange({ ...value, note })}
      />
    </div>
  );
}
