import { describe, expect, it } from 'vitest';
import { deviceToday, validateReport } from './report-form.tsx';

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;
const ok = { pond_ids: ['a'], from: '2026-01-01', to: '2026-01-31' };

describe('validateReport (the limits the server checks)', () => {
  it('accepts a range of up to 366 days and 1 to 50 ponds', () => {
    expect(validateReport(ok, t)).toEqual({});
    expect(validateReport({ ...ok, from: '2025-01-31', to: '2026-01-31' }, t)).toEqual({});
    expect(validateReport({ ...ok, pond_ids: Array.from({ length: 50 }, (_, i) => `p${i}`) }, t)).toEqual({});
  });

  it('names the field and the limit of what it refuses', () => {
    expect(validateReport({ ...ok, pond_ids: [] }, t)).toEqual({ pond_ids: 'validation.ponds' });
    expect(validateReport({ ...ok, pond_ids: Array.from({ length: 51 }, (_, i) => `p${i}`) }, t)).toEqual({
      pond_ids: 'validation.tooManyPonds {"max":50}',
    });
    expect(validateReport({ ...ok, from: '2026-02-01' }, t)).toEqual({ to: 'validation.fromAfterTo' });
    expect(validateReport({ ...ok, from: '2024-12-31', to: '2026-01-31' }, t)).toEqual({
      to: 'validation.tooLong {"days":397,"max":366}',
    });
    expect(validateReport({ ...ok, from: '', to: '' }, t)).toEqual({
      from: 'validation.date',
      to: 'validation.date',
    });
  });

  it('takes today on the device as the default end', () => {
    expect(deviceToday(new Date(2026, 10, 26, 23, 30))).toBe('2026-11-26');
  });
});
