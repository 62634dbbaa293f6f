import { typingLanguage } from '#components/number-field';
import type { Local, WaterSettingRow } from '#local/db';
import { type NumberProblem, readNumber } from '#shared/domain/number-input';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import {
  asSlot,
  parameterUnit,
  standardBoundsProblem,
  standardKey,
  VANNAMEI_STANDARDS,
  type WaterStandard,
} from '#shared/domain/water-standards';

/**
 * One range as the standards tab shows it (a parameter's all-day range, or its range for
 * one time of day): the farm's row, else the vannamei default.
 */
export interface StandardLine {
  /** `standardKey`: the parameter, or parameter@slot. */
  key: string;
  parameter: string;
  slot: TimeOfDay | null;
  min: number | null;
  max: number | null;
  unit: string;
  isDefault: boolean;
  settingId: string | null;
  /** The mirror row, when there is one (for its sync state). */
  row?: Local<WaterSettingRow>;
}

const SLOTS: TimeOfDay[] = ['morning', 'afternoon', 'evening'];

/** Every all-day range, each followed by the ranges of its slots (defaults or the farm's). */
export function standardLines(rows: readonly Local<WaterSettingRow>[]): StandardLine[] {
  const slotOfRow = (row: Local<WaterSettingRow>) => asSlot(row.slot);
  const byKey = new Map(
    rows.map((row) => [standardKey({ parameter: row.parameter, slot: slotOfRow(row) }), row]),
  );
  const parameters = [...new Set(VANNAMEI_STANDARDS.map((s) => s.parameter))];
  for (const row of rows) if (!parameters.includes(row.parameter)) parameters.push(row.parameter);
  const has = (key: string) => byKey.has(key) || VANNAMEI_STANDARDS.some((s) => standardKey(s) === key);
  const keys = parameters.flatMap((parameter) => [
    { parameter, slot: null },
    ...SLOTS.filter((slot) => has(standardKey({ parameter, slot }))).map((slot) => ({ parameter, slot })),
  ]);
  return keys.map(({ parameter, slot }) => {
    const key = standardKey({ parameter, slot });
    const row = byKey.get(key);
    const fallback = defaultOf(parameter, slot);
    return {
      key,
      parameter,
      slot,
      min: row ? row.min : (fallback?.min ?? null),
      max: row ? row.max : (fallback?.max ?? null),
      unit: row?.unit || parameterUnit(parameter),
      isDefault: row ? row.is_default : true,
      settingId: row?.setting_id ?? null,
      row,
    };
  });
}

export interface BoundsText {
  min: string;
  max: string;
}

export type BoundsProblem =
  | { side: 'min' | 'max'; key: 'number'; problem: NumberProblem }
  | { side: 'min'; key: 'minAboveMax' }
  /** Beyond what the parameter can measure: `validation.between` with these, as the server answers. */
  | { side: 'min' | 'max'; key: 'range'; min: number; max: number };

/** '' is an open bound (null); the number is read in the screen's language. */
export function parseBound(text: string, language: string = typingLanguage()): number | null | NumberProblem {
  const read = readNumber(text, language);
  return 'problem' in read ? read.problem : read.value;
}

/** The typed bounds of one range, checked by the server's rule (`standardBoundsProblem`) once read. */
export function checkBounds(
  text: BoundsText,
  language: string = typingLanguage(),
  parameter?: string,
): {
  standard?: { min: number | null; max: number | null };
  problem?: BoundsProblem;
} {
  const min = parseBound(text.min, language);
  const max = parseBound(text.max, language);
  if (min !== null && typeof min === 'object')
    return { problem: { side: 'min', key: 'number', problem: min } };
  if (max !== null && typeof max === 'object')
    return { problem: { side: 'max', key: 'number', problem: max } };
  const bounds = parameter ? standardBoundsProblem(parameter, min, max) : null;
  if (bounds?.key === 'validation.between')
    return { problem: { side: bounds.side, key: 'range', ...bounds.params } };
  if (min !== null && max !== null && min > max) return { problem: { side: 'min', key: 'minAboveMax' } };
  return { standard: { min, max } };
}

/** What the save sends: the parameters whose typed bounds differ from what is shown. */
export function changedStandards(
  lines: readonly StandardLine[],
  edits: Record<string, BoundsText>,
  language: string = typingLanguage(),
): { settings: WaterStandard[]; problems: Record<string, BoundsProblem> } {
  const settings: WaterStandard[] = [];
  const problems: Record<string, BoundsProblem> = {};
  for (const line of lines) {
    const edit = edits[line.key];
    if (!edit) continue;
    const { standard, problem } = checkBounds(edit, language, line.parameter);
    if (problem) problems[line.key] = problem;
    else if (standard && (standard.min !== line.min || standard.max !== line.max))
      settings.push(
        line.slot
          ? { parameter: line.parameter, slot: line.slot, ...standard }
          : { parameter: line.parameter, ...standard },
      );
  }
  return { settings, problems };
}

export function defaultOf(parameter: string, slot: TimeOfDay | null = null): WaterStandard | undefined {
  return VANNAMEI_STANDARDS.find((s) => s.parameter === parameter && (s.slot ?? null) === slot);
}
