import type { TFunction } from 'i18next';
import type { SamplingIssues } from '#shared/domain/sampling-rules';
import { ENTRY_FIELDS, type EntryField, REQUIRED_FIELDS, type SamplingEntryState } from './entry-model.ts';

/** Why a pond's card stays in the form: a required box empty, text that is not a number, a rule. */
export const HELD_REASONS = ['missing', 'unreadable', 'invalid'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

export interface HeldPond {
  pondId: string;
  /** Reason → the fields it is about, in the card's order. */
  reasons: Partial<Record<HeldReason, string[]>>;
}

/** What the number reader says of text it cannot read (number-input.ts). */
const UNREADABLE = new Set(['validation.number-format', 'validation.number-separators', 'validation.finite']);
const FIELD_ORDER: readonly string[] = ['sampled_on', ...ENTRY_FIELDS];

/**
 * Every pond the save holds back (buildEntry's problems), in card order, and why: asked
 * before the save, so the keeper knows which ponds stay in the form, not after it.
 */
export function heldBackPonds(
  state: SamplingEntryState,
  problems: Record<string, SamplingIssues>,
  pondIds: readonly string[],
): HeldPond[] {
  return pondIds.flatMap((pondId) => {
    const issues = problems[pondId];
    if (!issues) return [];
    const reasons: HeldPond['reasons'] = {};
    const fields = Object.keys(issues).sort((a, b) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));
    for (const field of fields) {
      const empty = (state.values[pondId]?.[field as EntryField] ?? '').trim() === '';
      const reason: HeldReason =
        empty && REQUIRED_FIELDS.includes(field as EntryField)
          ? 'missing'
          : issues[field]?.some((issue) => UNREADABLE.has(issue.key))
            ? 'unreadable'
            : 'invalid';
      reasons[reason] = [...(reasons[reason] ?? []), field];
    }
    return [{ pondId, reasons }];
  });
}

/** The confirm dialog's text: each pond held back with its reasons, then that the rest is saved. */
export function heldBackMessage(held: readonly HeldPond[], t: TFunction, nameOf: (id: string) => string) {
  const label = (field: string) => (field === 'sampled_on' ? t('date') : t(`fields.${field}`));
  const lines = held.map((pond) =>
    t('partial.line', {
      pond: nameOf(pond.pondId),
      reasons: HELD_REASONS.flatMap((reason) => {
        const fields = pond.reasons[reason];
        return fields ? [t(`partial.${reason}`, { fields: fields.map(label).join(', ') })] : [];
      }).join(', '),
    }),
  );
  return t('partial.message', { count: held.length, lines: lines.join('; ') });
}
