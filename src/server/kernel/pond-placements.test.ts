import { describe, expect, it } from 'vitest';
import { sawStatement } from '../db/table-writes.ts';
import { type PondPlacement, PondPlacements } from './pond-placements.ts';

const placement = (id: string, cycle: string | null = null): PondPlacement => ({
  id,
  farm_id: 'farm',
  active_cycle_id: cycle,
});

/** A reader that answers the ponds asked for (unknown ones not at all) and records each call. */
function reader(known: Record<string, PondPlacement>) {
  const calls: string[][] = [];
  const read = async (ids: string[]) => {
    calls.push(ids);
    return ids.flatMap((id) => (known[id] ? [known[id]] : []));
  };
  return { read, calls };
}

describe('pond placements', () => {
  it('reads only the ponds it does not keep, and keeps neither unknown nor deleted ponds', async () => {
    const places = new PondPlacements(() => true);
    const { read, calls } = reader({ a: placement('a'), b: placement('b', 'c1') });
    expect(await places.of(['a'], read)).toEqual([placement('a')]);
    expect(await places.of(['a', 'b', 'gone'], read)).toEqual([placement('a'), placement('b', 'c1')]);
    expect(await places.of(['a', 'b', 'gone'], read)).toHaveLength(2);
    expect(calls).toEqual([['a'], ['b', 'gone'], ['gone']]);
  });

  it('keeps nothing while the notice channel is down, nor past its time', async () => {
    let listening = false;
    const places = new PondPlacements(() => listening, 1_000);
    const { read, calls } = reader({ a: placement('a') });
    await places.of(['a'], read);
    await places.of(['a'], read);
    expect(calls).toHaveLength(2);
    listening = true;
    await places.of(['a'], read);
    await places.of(['a'], read);
    expect(calls).toHaveLength(3);
  });

  it('empties at once when this process writes cycles or ponds, and not on other writes or reads', async () => {
    const places = new PondPlacements(() => true);
    places.watchLocalWrites();
    const { read, calls } = reader({ a: placement('a') });
    try {
      await places.of(['a'], read);
      sawStatement('select * from "cycles" where "pond_id" = $1');
      sawStatement('insert into "water_general" ("id") values ($1)');
      sawStatement('update "farms" set "name" = $1');
      await places.of(['a'], read);
      expect(calls).toHaveLength(1);
      sawStatement('insert into "cycles" ("id", "pond_id") values ($1, $2)');
      await places.of(['a'], read);
      sawStatement('\n  UPDATE ponds SET deleted_at = now() WHERE id = $1');
      await places.of(['a'], read);
      sawStatement('delete from "cycles" where "id" = $1');
      await places.of(['a'], read);
      expect(calls).toHaveLength(4);
    } finally {
      places.close();
    }
    sawStatement('update "cycles" set "end_date" = $1');
    await places.of(['a'], read);
    expect(calls).toHaveLength(4);
  });
});
