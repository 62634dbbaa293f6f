import type { Cycle } from '#shared/contracts/cycle';
import { enteredDayProblem } from '#shared/domain/calendar';
import { daysOfCulture } from '#shared/domain/figures';

/**
 * Cycle rules the pond page needs, pure. A cycle is active while end_date is 0 (seed 000
 * §4); a pond has at most one active cycle (the server refuses a second with
 * cycle-active-exists; refusing it here saves the keeper a failed upload later).
 */
export type CycleLike = Pick<Cycle, 'cycle_id' | 'cycle_number' | 'start_date' | 'end_date'>;

export const isActive = (cycle: Pick<Cycle, 'end_date'>) => cycle.end_date === 0;

/** Free farms (status 0) call a cycle a stock: "Stok 2"; pro farms "Siklus 2". */
export function cycleLabelKey(farmStatus: number): 'label.stock' | 'label.cycle' {
  return farmStatus === 0 ? 'label.stock' : 'label.cycle';
}

/** Days of culture up to today while active, up to the end date once ended. */
export function docOf(cycle: Pick<Cycle, 'start_date' | 'end_date'>, today: string): number {
  return daysOfCulture(cycle.start_date, cycle.end_date === 0 ? today : cycle.end_date);
}

export function newestFirst<C extends CycleLike>(cycles: readonly C[]): C[] {
  return [...cycles].sort(
    (a, b) => b.start_date.localeCompare(a.start_date) || b.cycle_number - a.cycle_number,
  );
}

/** The number the server will most likely give; the server's answer replaces it. */
export function nextCycleNumber(cycles: readonly CycleLike[]): number {
  return cycles.reduce((max, c) => Math.max(max, c.cycle_number), 0) + 1;
}

/** A start or end day by the rule the server applies (#shared/domain/calendar): real, not after today. */
function dayProblem(day: string, today: string): 'date' | 'future' | null {
  const problem = enteredDayProblem(day, today);
  return problem === 'validation.date' ? 'date' : problem === 'validation.date-future' ? 'future' : null;
}

export type CycleProblem = 'active-exists' | 'date' | 'future' | 'end-before-start' | 'before-last-end';

export function startProblem(
  cycles: readonly CycleLike[],
  start: string,
  today: string,
): CycleProblem | null {
  if (cycles.some(isActive)) return 'active-exists';
  const day = dayProblem(start, today);
  if (day) return day;
  const lastEnd = cycles.reduce<string>(
    (last, c) => (c.end_date !== 0 && c.end_date > last ? c.end_date : last),
    '',
  );
  if (lastEnd && start < lastEnd) return 'before-last-end';
  return null;
}

/** Dates of an edit (end 0 keeps an active cycle active) or of ending a cycle. */
export function datesProblem(start: string, end: string | 0, today: string): CycleProblem | null {
  const days = [dayProblem(start, today), end === 0 ? null : dayProblem(end, today)];
  if (days.includes('date')) return 'date';
  if (days.includes('future')) return 'future';
  if (end !== 0 && end < start) return 'end-before-start';
  return null;
}

/**
 * The message of a problem: a bad or future day in the words the server answers
 * (`validation.date`, `validation.date-future` of the shared catalog), the rest the dialog's own.
 */
export function problemMessage(problem: CycleProblem): string {
  if (problem === 'date') return 'common:validation.date';
  if (problem === 'future') return 'common:validation.date-future';
  return `problems.${problem}`;
}
