import { messageKey } from '#components/validation';
import type { AttentionThresholds } from '#shared/contracts/attention';
import { thresholdMessage, thresholdProblems } from '#shared/domain/attention';

export type ThresholdKey = keyof AttentionThresholds;
export type ThresholdTexts = Record<ThresholdKey, string>;

/** The fields in the order the tab shows them. */
export const THRESHOLD_KEYS: ThresholdKey[] = [
  'do_critical',
  'ph_swing_max',
  'trays_left_checks',
  'death_share_pct',
  'death_jump_factor',
  'death_jump_min',
  'fcr_max',
  'due_morning',
  'due_afternoon',
  'due_evening',
];

/** A typed number: a comma is a decimal point; anything else than digits is not a number (NaN). */
export function parseThreshold(text: string): number {
  const s = text.trim().replace(',', '.');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

export function toTexts(t: AttentionThresholds, language: string): ThresholdTexts {
  const comma = language === 'id';
  return Object.fromEntries(
    THRESHOLD_KEYS.map((k) => [k, comma ? String(t[k]).replace('.', ',') : String(t[k])]),
  ) as ThresholdTexts;
}

/**
 * The typed texts as thresholds, or the message key (common namespace) of each field that
 * is not a number or not possible: the same rule the server applies.
 */
export function checkThresholds(texts: ThresholdTexts): {
  thresholds?: AttentionThresholds;
  errors: Partial<Record<ThresholdKey, string>>;
} {
  const values = Object.fromEntries(
    THRESHOLD_KEYS.map((k) => [k, parseThreshold(texts[k] ?? '')]),
  ) as AttentionThresholds;
  const problems = thresholdProblems(values);
  const errors = Object.fromEntries(
    Object.entries(problems).map(([k, p]) => {
      const message = thresholdMessage(k as ThresholdKey, p);
      return [k, messageKey(message.key, message.params)];
    }),
  ) as Partial<Record<ThresholdKey, string>>;
  return Object.keys(errors).length > 0 ? { errors } : { thresholds: values, errors };
}
