import { describe, expect, it } from 'vitest';
import { enteredDayProblem } from '#shared/domain/calendar';
import { MESSAGES } from '#shared/i18n/messages';
import {
  type CycleProblem,
  cycleLabelKey,
  datesProblem,
  docOf,
  newestFirst,
  nextCycleNumber,
  problemMessage,
  startProblem,
} from './cycle-logic.ts';

const ended = {
  cycle_id: 'c1',
  cycle_number: 1,
  start_date: '2024-10-01',
  end_date: '2025-01-10' as string | 0,
};
const active = { cycle_id: 'c2', cycle_number: 2, start_date: '2025-02-01', end_date: 0 as string | 0 };

describe('cycle labels', () => {
  it('says "Stok" on a free farm (status 0) and "Siklus" on a pro farm', () => {
    expect(cycleLabelKey(0)).toBe('label.stock');
    expect(cycleLabelKey(1)).toBe('label.cycle');
  });
});

describe('docOf', () => {
  it('is the day difference plus one, up to today while active', () => {
    expect(docOf(active, '2025-02-01')).toBe(1);
    expect(docOf(active, '2025-03-17')).toBe(45);
  });

  it('stops at the end date once ended', () => {
    expect(docOf(ended, '2025-06-01')).toBe(102);
  });
});

describe('ordering and numbering', () => {
  it('lists the newest cycle first and guesses the next number', () => {
    expect(newestFirst([ended, active]).map((c) => c.cycle_id)).toEqual(['c2', 'c1']);
    expect(nextCycleNumber([ended, active])).toBe(3);
    expect(nextCycleNumber([])).toBe(1);
  });
});

describe('startProblem', () => {
  it('refuses a second active cycle', () => {
    expect(startProblem([ended, active], '2025-03-01', '2025-03-01')).toBe('active-exists');
  });

  it('refuses a start in the future or before the last cycle ended', () => {
    expect(startProblem([ended], '2025-03-02', '2025-03-01')).toBe('future');
    expect(startProblem([ended], '2025-01-01', '2025-03-01')).toBe('before-last-end');
    expect(startProblem([ended], '2025-01-10', '2025-03-01')).toBeNull();
  });
});

describe('datesProblem', () => {
  it('keeps the end after the start and both not in the future', () => {
    expect(datesProblem('2025-02-01', 0, '2025-03-01')).toBeNull();
    expect(datesProblem('2025-02-01', '2025-01-31', '2025-03-01')).toBe('end-before-start');
    expect(datesProblem('2025-02-01', '2025-03-02', '2025-03-01')).toBe('future');
    expect(datesProblem('2025-02-30', 0, '2025-03-01')).toBe('date');
  });

  it('says a future or bad day in the words the server answers for it (one shared rule and key)', () => {
    const today = '2025-03-01';
    expect(problemMessage(datesProblem('2025-02-01', '2025-03-02', today) as CycleProblem)).toBe(
      `common:${enteredDayProblem('2025-03-02', today)}`,
    );
    expect(problemMessage(startProblem([], '2999-12-31', today) as CycleProblem)).toBe(
      'common:validation.date-future',
    );
    expect(problemMessage(startProblem([], '0000-01-01', today) as CycleProblem)).toBe(
      'common:validation.date',
    );
    expect(MESSAGES.en.validation['date-future']).toBe('The date cannot be in the future.');
    expect(problemMessage('before-last-end')).toBe('problems.before-last-end');
  });
});
