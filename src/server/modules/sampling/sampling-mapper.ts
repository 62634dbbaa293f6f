import type { Sampling } from '#shared/contracts/sampling';
import { mergeFieldsOf } from '../../sync/record-merge.ts';
import type { SamplingRow } from './sampling.repository.ts';

/** Stored row → API sampling (numeric weight as a number, instants as ISO strings). */
export function toSampling(row: SamplingRow): Sampling {
  return {
    id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    cycle_id: row.cycle_id,
    sampled_on: row.sampled_on,
    shrimp_count: row.shrimp_count,
    sample_weight: Number(row.sample_weight),
    hollow: row.hollow,
    molting: row.molting,
    pale: row.pale,
    undersize: row.undersize,
    red_leg: row.red_leg,
    red_tail: row.red_tail,
    note: row.note,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
}
