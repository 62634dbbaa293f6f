import { typingLanguage } from '#components/number-field';
import type { Local, WaterSettingRow } from '#local/db';
import { type NumberProblem, readNumber } from '#shared/domain/number-input';
import { parameterUnit, VANNAMEI_STANDARDS, type WaterStandard } from '#shared/domain/water-standards';

/** One parameter as the standards tab shows it: the farm's row, else the vannamei default. */
export interface StandardLine {
  parameter: string;
  min: number | null;
  max: number | null;
  unit: string;
  isDefault: boolean;
  settingId: string | null;
  /** The mirror row, when there is one (for its sync state). */
  row?: Local<WaterSettingRow>;
}

export function standardLines(rows: readonly Local<WaterSettingRow>[]): StandardLine[] {
  const byParameter = new Map(rows.map((row) => [row.parameter, row]));
  const order = [...VANNAMEI_STANDARDS.map((s) => s.parameter)];
  for (const row of rows) if (!order.includes(row.parameter)) order.push(row.parameter);
  return order.map((parameter) => {
    const row = byParameter.get(parameter);
    const fallback = VANNAMEI_STANDARDS.find((s) => s.parameter === parameter);
    return {
      parameter,
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
  | { side: 'min'; key: 'minAboveMax' };

/** '' is an open bound (null); the number is read in the screen's language. */
export function parseBound(text: string, language: string = typingLanguage()): number | null | NumberProblem {
  const read = readNumber(text, language);
  return 'problem' in read ? read.problem : read.value;
}

export function checkBounds(
  text: BoundsText,
  language: string = typingLanguage(),
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
    const edit = edits[line.parameter];
    if (!edit) continue;
    const { standard, problem } = checkBounds(edit, language);
    if (problem) problems[line.parameter] = problem;
    else if (standard && (standard.min !== line.min || standard.max !== line.max))
      settings.push({ parameter: line.parameter, ...standard });
  }
  return { settings, problems };
}

export function defaultOf(parameter: string): WaterStandard | undefined {
  return VANNAMEI_STANDARDS.find((s) => s.parameter === parameter);
}
