import './register-locales.ts';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { useLocalFlag } from '#components/local-flags.ts';
import { numberProblemText } from '#components/number-field';
import { useCalm } from '#components/use-calm.ts';
import type { WaterKind } from '#shared/contracts/water';
import { NOT_MEASURED } from '#shared/domain/water-fields';
import { WATER_COLORS, WEATHERS } from '#shared/domain/water-options';
import type { WaterStandard } from '#shared/domain/water-standards';
import {
  type EntryValues,
  FIELD_ORDER,
  fieldSpec,
  OPTION_FIELDS,
  outOfStandard,
  parseEntry,
  rangeText,
} from './water-fields.ts';

interface FieldsProps {
  kind: WaterKind;
  values: EntryValues | undefined;
  onChange: (field: string, text: string) => void;
  standards: readonly WaterStandard[];
  /** A subset of the kind's fields in display order; default all. */
  fields?: readonly string[];
  /** Labels name the pond for screen readers ("pH Kolam 3"), since twenty cards share them. */
  context?: string;
}

/** The kind's fields of one reading: the entry card and the edit dialog draw the same. */
export function ReadingFields({ kind, values, onChange, standards, fields, context }: FieldsProps) {
  return (
    <div className="reading-fields">
      {(fields ?? FIELD_ORDER[kind]).map((field) =>
        OPTION_FIELDS.has(field) ? (
          <OptionInput
            key={field}
            field={field}
            value={values?.[field] ?? ''}
            onChange={(text) => onChange(field, text)}
            context={context}
          />
        ) : (
          <ValueInput
            key={field}
            kind={kind}
            field={field}
            text={values?.[field] ?? ''}
            onChange={(text) => onChange(field, text)}
            standards={standards}
            context={context}
          />
        ),
      )}
    </div>
  );
}

export function useUnit() {
  const { t } = useTranslation('water');
  return (unit: string) => (unit ? t(`units.${unit}`, { defaultValue: unit }) : '');
}

interface ValueProps {
  /** The input's name, for finding it again (the entry form's "kind.pond.field"). */
  name?: string;
  kind: WaterKind;
  field: string;
  text: string;
  onChange: (text: string) => void;
  standards: readonly WaterStandard[];
  context?: string;
}

/** One number box; memoized, so a keystroke in another box does not redraw this one. */
export const ValueInput = memo(function ValueInput({
  name,
  kind,
  field,
  text,
  onChange,
  standards,
  context,
}: ValueProps) {
  const { t, i18n } = useTranslation('water');
  const format = useFormat();
  const unitOf = useUnit();
  const id = useId();
  const { calm, focus, blur } = useCalm(text);
  const parsed = parseEntry(kind, field, text, i18n.language);
  // What the box says waits for the keeper to pause (or leave the box): "7" on the way to
  // "7,8" is not out of standard and "7," is not a wrong number yet, and a message that
  // came and went under his thumb at every key would move the fields below it.
  const problem = calm && 'problem' in parsed ? parsed.problem : undefined;
  // The standard's hint follows the device's "wqs" setting; unclear or impossible values
  // are refused whatever it says.
  const hints = useLocalFlag('wqs');
  const flagged = calm && hints && !problem && outOfStandard(kind, field, text, standards, i18n.language);
  const unit = unitOf(fieldSpec(kind, field).unit);
  const standard = standards.find((s) => s.parameter === field);
  let message: string | undefined;
  if (problem?.key === 'range')
    message = t('problems.range', { min: format.number(problem.min), max: format.number(problem.max) });
  else if (problem?.key === 'number') message = numberProblemText(t, problem.problem);
  else if (problem) message = t(`problems.${problem.key}`);
  else if (flagged) message = t('outOfStandard', { range: rangeText(standard, (n) => format.number(n)) });
  const state = problem ? ' value-field--invalid' : flagged ? ' value-field--out' : '';
  return (
    <div className={`value-field${state}`}>
      <label className="value-field__label" htmlFor={id}>
        {t(`fields.${field}`)}
        {context && <span className="visually-hidden"> {context}</span>}
      </label>
      <div className="value-field__box">
        <input
          id={id}
          name={name}
          className="value-field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          // The keyboard's key label (next / done) is set by the form (EntryForm).
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onFocus={focus}
          onBlur={blur}
          aria-invalid={problem ? true : undefined}
          aria-describedby={message ? `${id}-msg` : undefined}
        />
        {unit && <span className="value-field__unit">{unit}</span>}
      </div>
      {message && (
        <p className="value-field__message" id={`${id}-msg`} aria-live="polite">
          {message}
        </p>
      )}
    </div>
  );
});

export const OptionInput = memo(function OptionInput({
  name,
  field,
  value,
  onChange,
  context,
}: {
  name?: string;
  field: string;
  value: string;
  onChange: (text: string) => void;
  context?: string;
}) {
  const { t } = useTranslation('water');
  const id = useId();
  const options = field === 'color' ? WATER_COLORS : WEATHERS;
  const prefix = field === 'color' ? 'waterColor' : 'weather';
  return (
    <div className="value-field value-field--option">
      <label className="value-field__label" htmlFor={id}>
        {t(`fields.${field}`)}
        {context && <span className="visually-hidden"> {context}</span>}
      </label>
      <select
        id={id}
        name={name}
        className="value-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">–</option>
        <option value={String(NOT_MEASURED)}>{t('notMeasured')}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {t(`${prefix}.${option.key}`)}
          </option>
        ))}
      </select>
    </div>
  );
});
