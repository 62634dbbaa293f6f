import { describe, expect, it } from 'vitest';
import { demoEnd } from '../../scripts/demo/calendar.ts';

/** Where a demo's story ends: the farm's day so far, never a record at a time still to come. */
describe('demoEnd', () => {
  const wib = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

  it('ends a live demo at the instant it is loaded, its water problems in the latest passed slot', () => {
    expect(demoEnd(wib('2026-11-27', '15:30'))).toEqual({
      today: '2026-11-27',
      until: wib('2026-11-27', '15:30'),
      slotDay: '2026-11-27',
      lastSlot: '14:00',
    });
    expect(demoEnd(wib('2026-11-27', '06:00')).lastSlot).toBe('06:00');
    expect(demoEnd(wib('2026-11-27', '21:59')).lastSlot).toBe('14:00');
    expect(demoEnd(wib('2026-11-27', '22:00')).lastSlot).toBe('22:00');
  });

  it("before the first slot, puts the water problems in yesterday's 22:00", () => {
    expect(demoEnd(wib('2026-11-27', '05:59'))).toEqual({
      today: '2026-11-27',
      until: wib('2026-11-27', '05:59'),
      slotDay: '2026-11-26',
      lastSlot: '22:00',
    });
    // 23:30 UTC is 06:30 the next day in WIB.
    expect(demoEnd(new Date('2026-11-26T23:30:00Z')).today).toBe('2026-11-27');
  });

  it('tells a day given by the caller whole', () => {
    expect(demoEnd(wib('2026-11-27', '08:00'), '2026-11-20')).toEqual({
      today: '2026-11-20',
      until: wib('2026-11-20', '23:59'),
      slotDay: '2026-11-20',
      lastSlot: '22:00',
    });
  });
});
