import { useField } from 'formik';
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { echoNumber, type NumberProblem, readNumber } from '#shared/domain/number-input';
import { TextField } from './form-field.tsx';
import { messageKey, translateMessage, yup } from './validation.tsx';

/**
 * The client side of the one number reader (#shared/domain/number-input): the language
 * typed numbers are read in, their messages, a yup rule and a text box that shows back
 * what it read ("= 3.500 m²") before anything is saved.
 */

/**
 * The language typed numbers are read in: the one the screen is shown in (a point groups
 * thousands in Indonesian, a comma in English). Pure models take it as a parameter and
 * default to this, so a schema built once follows a language switch.
 */
export function typingLanguage(): 'id' | 'en' {
  return i18next.language === 'en' ? 'en' : 'id';
}

/** A refused number as a yup / form message (`validation.key|{params}`, translated when shown). */
export function numberMessage(problem: NumberProblem): string {
  return 'params' in problem ? messageKey(problem.key, problem.params) : problem.key;
}

/** A refused number in the screen's language, for fields that are not formik fields. */
export function numberProblemText(t: TFunction, problem: NumberProblem): string {
  return t(`common:${problem.key}`, 'params' in problem ? problem.params : {}) as string;
}

export interface TypedNumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  required?: boolean;
}

/** The reason a typed number breaks the rule, as a `validation.*` message; undefined when it holds. */
function ruleProblem(
  text: unknown,
  rule: TypedNumberRule,
  language: string,
): { value: number | null; message?: string } {
  const read = readNumber(typeof text === 'number' ? text : String(text ?? ''), language, {
    integer: rule.integer,
  });
  if ('problem' in read) return { value: null, message: numberMessage(read.problem) };
  const { value } = read;
  if (value === null) return { value, message: rule.required ? 'validation.required' : undefined };
  if (rule.min !== undefined && value < rule.min)
    return { value, message: messageKey('validation.min', { min: rule.min }) };
  if (rule.max !== undefined && value > rule.max)
    return { value, message: messageKey('validation.max', { max: rule.max }) };
  return { value };
}

/**
 * A yup rule for a number box: the text stays text (what the person typed), read with the
 * one reader when validated; the form reads it again with `readTyped` on save.
 */
export function typedNumber(rule: TypedNumberRule = {}) {
  return yup
    .string()
    .default('')
    .test('typed-number', 'validation.numeric', function check(text) {
      const { message } = ruleProblem(text, rule, typingLanguage());
      return message ? this.createError({ message }) : true;
    });
}

/**
 * A number box outside formik (the warehouse screens, the feed programme): the value read
 * in the screen's language, or the translated reason it is refused at the field.
 */
export function checkTyped(
  t: TFunction,
  text: unknown,
  rule: TypedNumberRule = {},
  language: string = typingLanguage(),
): { value: number | null; error?: string } {
  const { value, message } = ruleProblem(text, rule, language);
  return message ? { value, error: translateMessage(t, message) } : { value };
}

/** The number a validated box holds (null when empty), read in the screen's language. */
export function readTyped(text: unknown, language: string = typingLanguage()): number | null {
  const read = readNumber(typeof text === 'number' ? text : String(text ?? ''), language);
  return 'value' in read ? read.value : null;
}

type NumberFieldProps = Omit<ComponentProps<typeof TextField>, 'inputMode'> & {
  /** Printed after the echo: "= 3.500 m²". */
  unit?: string;
  integer?: boolean;
};

/** A text box for a number that shows back, under it, the number it read ("= 3.500 m²"). */
export function NumberField({ unit, integer, hint, ...rest }: NumberFieldProps) {
  const { i18n } = useTranslation();
  const [field] = useField<string>(rest.name);
  const read = readNumber(field.value, i18n.language, { integer });
  const echo =
    'value' in read && read.value !== null
      ? `= ${echoNumber(read.value, i18n.language)}${unit ? ` ${unit}` : ''}`
      : null;
  return (
    <TextField
      {...rest}
      inputMode={integer ? 'numeric' : 'decimal'}
      hint={echo ? (hint ? `${echo} · ${hint}` : echo) : hint}
    />
  );
}
