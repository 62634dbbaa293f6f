import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '#local/db';
import { keepAll, keepOne, readDoubles } from './same-slot-data.ts';

/**
 * The phone's side of a double (ADR 0063): found in the mirror once the other keeper's
 * reading was pulled, resolved through the outbox with the normal edit and delete, or
 * the keepBoth action; the flag goes at once on the phone, offline too.
 */
const db = getDb();
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

/** A reading as a pull writes it (synced, the server's fields). */
const pulled = (
  id: string,
  time: string,
  values: Record<string, number>,
  extra: Record<string, unknown> = {},
) => ({
  id,
  farm_id: 'f1',
  pond_id: 'p1',
  cycle_id: null,
  measured_at: `2025-03-01T${time}:00.000+07:00`,
  utc_offset: 420,
  time_of_day: 'morning',
  created_by: 'u1',
  created_at: '2025-03-01T00:00:00.000Z',
  updated_at: '2025-03-01T00:00:00.000Z',
  deleted_at: null,
  slot_kept_at: null,
  ph: -99,
  do: -99,
  temperature: -99,
  salinity: -99,
  ...values,
  ...extra,
  _status: 'synced',
});

async function seed() {
  await db.waterGeneral.bulkPut([
    pulled('a', '06:05', { ph: 7.8 }),
    pulled('b', '06:40', { ph: 7.9, do: 5 }, { created_by: 'u2' }),
    pulled('other-farm', '06:10', { ph: 8 }, { farm_id: 'f2' }),
  ] as never);
  await db.waterChemical.bulkPut([pulled('chem', '06:10', { tom: 40 })] as never);
}

describe('readDoubles', () => {
  it('finds the farm’s slot recorded twice, per kind; a row pulled before slot_kept_at existed counts as not kept', async () => {
    await seed();
    await db.waterGeneral.update('a', { slot_kept_at: undefined } as never);
    const doubles = await readDoubles(db, 'f1');
    expect(doubles.map((d) => [d.kind, d.pond_id, d.day, d.slot, d.readings.map((r) => r.id)])).toEqual([
      ['general', 'p1', '2025-03-01', 'morning', ['a', 'b']],
    ]);
  });
});

describe('keepAll', () => {
  it('marks both kept on the phone at once and queues POST keepBoth with the farm and both ids', async () => {
    await seed();
    const [double] = await readDoubles(db, 'f1');
    await keepAll(db, 'f1', double);
    expect(await readDoubles(db, 'f1')).toEqual([]);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'action',
      method: 'POST',
      url: '/api/water/general/keepBoth',
      body: { farm_id: 'f1', ids: ['a', 'b'] },
    });
    expect((await db.waterGeneral.get('b'))?._status).toBe('pending');
  });
});

describe('keepOne', () => {
  it('keep this one: deletes the other through the outbox and leaves the kept reading unchanged', async () => {
    await seed();
    const [double] = await readDoubles(db, 'f1');
    await keepOne(db, double, 'b');
    expect(await readDoubles(db, 'f1')).toEqual([]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.method, e.url])).toEqual([['DELETE', '/api/water/general/a/delete']]);
    expect((await db.waterGeneral.get('b'))?.ph).toBe(7.9);
  });

  it('merge: one per-field edit of the kept reading (only what changes) and the delete of the other', async () => {
    await seed();
    const [double] = await readDoubles(db, 'f1');
    await keepOne(db, double, 'a', { do: 5 });
    expect(await readDoubles(db, 'f1')).toEqual([]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.method, e.url, e.body])).toEqual([
      ['PUT', '/api/water/general/a/update', expect.objectContaining({ do: 5 })],
      ['DELETE', '/api/water/general/b/delete', null],
    ]);
    const body = entries[0].body as Record<string, unknown>;
    expect(Object.keys(body).filter((k) => !k.startsWith('_'))).not.toContain('ph');
    expect((await db.waterGeneral.get('a'))?.do).toBe(5);
  });
});
