import type { TambakDb } from '#local/db';
import { newId } from '#local/ids';
import { enqueueAction } from '#local/outbox';
import { createRepository } from '#local/repository';
import { CYCLES } from '#local/resources';
import type { Cycle } from '#shared/contracts/cycle';
import { type CycleLike, docOf, nextCycleNumber } from './cycle-logic.ts';

/**
 * Cycle writes, all on the phone first (record + outbox entry in one transaction, see
 * local/outbox.ts). The server's answer replaces the local guesses (cycle_number, doc).
 */
const repo = (db: TambakDb) => createRepository<Cycle>(CYCLES, db);

export async function startCycle(
  db: TambakDb,
  input: { farmId: string; pondId: string; startDate: string; today: string; cycles: readonly CycleLike[] },
): Promise<string> {
  const cycleId = newId();
  await repo(db).create([
    {
      cycle_id: cycleId,
      farm_id: input.farmId,
      pond_id: input.pondId,
      cycle_number: nextCycleNumber(input.cycles),
      start_date: input.startDate,
      end_date: 0,
      is_active: true,
      doc: docOf({ start_date: input.startDate, end_date: 0 }, input.today),
    },
  ]);
  return cycleId;
}

export function updateCycleDates(db: TambakDb, cycle: Cycle, start: string, end: string | 0, today: string) {
  return repo(db).update(cycle.cycle_id, {
    start_date: start,
    end_date: end,
    is_active: end === 0,
    doc: docOf({ start_date: start, end_date: end }, today),
  });
}

/**
 * Ending is an action, not an update (POST /cycle/{id}/end with an Idempotency-Key): a
 * replay after a lost answer must not fail as "already ended". The local row ends at
 * once, in the same transaction as the queued call.
 */
export function endCycle(db: TambakDb, cycle: Cycle, endDate: string) {
  return enqueueAction(db, {
    method: 'POST',
    url: `/api/cycle/${encodeURIComponent(cycle.cycle_id)}/end`,
    body: { end_date: endDate },
    table: 'cycles',
    rows: [
      {
        cycle_id: cycle.cycle_id,
        end_date: endDate,
        is_active: false,
        doc: docOf({ start_date: cycle.start_date, end_date: endDate }, endDate),
      },
    ],
  });
}

export function removeCycle(db: TambakDb, cycleId: string) {
  return repo(db).remove(cycleId);
}
