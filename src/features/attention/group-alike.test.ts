import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '#shared/contracts/attention';
import { fromBoard, groupAlike, withSlotTime } from './group-alike.ts';

const FARM = '/farm/f1';
const missed = (pond: string, slot = 'afternoon'): AttentionItem => ({
  kind: 'missed_slot',
  severity: 'warning',
  subject: pond.toUpperCase(),
  pond_id: pond,
  reason: 'today',
  figures: { slot, day: '2026-12-03', due: 15 },
  link: `${FARM}/water-quality/add?pond_id=${pond}`,
});
const critical: AttentionItem = {
  kind: 'water_do',
  severity: 'critical',
  subject: 'B2',
  pond_id: 'b2',
  reason: 'low',
  figures: { value: 1.8, limit: 2 },
  link: `${FARM}/water-quality/add?pond_id=b2`,
};

describe('groupAlike', () => {
  it('makes one row of the same message for three ponds or more, its button opening them all', () => {
    const rows = groupAlike([
      critical,
      missed('a3'),
      missed('a4'),
      missed('a5'),
      missed('a6', 'morning,afternoon'),
    ]);
    expect(rows.map((r) => r.ponds.map((p) => p.name))).toEqual([['B2'], ['A3', 'A4', 'A5'], ['A6']]);
    expect(rows[1].item.link).toBe(`${FARM}/water-quality/add?ponds=a3%2Ca4%2Ca5`);
    expect(rows[2].item.link).toBe(`${FARM}/water-quality/add?pond_id=a6`);
  });

  it('leaves two alike items, items without a pond and links that take one pond as they are', () => {
    const stock: AttentionItem = {
      kind: 'stock_low',
      severity: 'warning',
      subject: 'Vitamin C',
      pond_id: null,
      reason: 'below',
      figures: { value: 1, limit: 2 },
      link: `${FARM}/warehouse/w1`,
    };
    const pond = (id: string): AttentionItem => ({ ...missed(id), link: `${FARM}/pond/${id}` });
    const items = [missed('a1'), missed('a2'), stock, stock, stock, pond('c1'), pond('c2'), pond('c3')];
    const rows = groupAlike(items);
    expect(rows).toHaveLength(items.length);
    expect(rows.map((r) => r.item)).toEqual(items);
  });
});

describe('withSlotTime', () => {
  it("opens today's missed slot at the device's preset time in it, else the default one", () => {
    const [row] = groupAlike([missed('a3'), missed('a4'), missed('a5')]);
    expect(withSlotTime(row.item, ['07:00', '15:30', '23:00']).link).toBe(
      `${FARM}/water-quality/add?ponds=a3%2Ca4%2Ca5&time=15%3A30`,
    );
    expect(withSlotTime(missed('a1'), ['07:00']).link).toBe(
      `${FARM}/water-quality/add?pond_id=a1&time=14%3A00`,
    );
  });

  it("opens yesterday's missed slot on its day; several slots and other kinds keep the entry's own time", () => {
    const yesterday = {
      ...missed('a1', 'evening'),
      reason: 'yesterday',
      figures: { slot: 'evening', day: '2026-12-02' },
    };
    expect(withSlotTime(yesterday, ['06:00', '14:00', '22:00']).link).toBe(
      `${FARM}/water-quality/add?pond_id=a1&time=22%3A00&date=2026-12-02`,
    );
    for (const item of [missed('a1', 'morning,afternoon'), critical])
      expect(withSlotTime(item, ['06:00', '14:00', '22:00'])).toBe(item);
  });
});

describe('fromBoard', () => {
  it("an entry's link carries from=attention (its save returns to the board); a pond page or settings link is left as it is", () => {
    expect(fromBoard(critical).link).toBe(`${FARM}/water-quality/add?pond_id=b2&from=attention`);
    const [row] = groupAlike([missed('a1'), missed('a2'), missed('a3')]);
    expect(fromBoard(withSlotTime(row?.item as AttentionItem, [])).link).toBe(
      `${FARM}/water-quality/add?ponds=a1%2Ca2%2Ca3&time=14%3A00&from=attention`,
    );
    for (const link of [`${FARM}/pond/p6`, `${FARM}/settings?tab=users`, `${FARM}/warehouse/x`])
      expect(fromBoard({ ...critical, link }).link).toBe(link);
  });
});
