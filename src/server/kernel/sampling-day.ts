import { sql } from 'kysely';

/** A sample (`s`) that gives an ABW: weighed and counted. */
const GIVES_ABW = sql`s.sample_weight > 0 and s.shrimp_count > 0`;

/**
 * A day's samplings pooled into one (ADR 0129, the SQL of `samplingsByDay`), in a query
 * grouped by the cycle and `s.sampled_on`: the samples that give an ABW summed (Σ count,
 * Σ weight as text), else the day's own figures so its ABW reads "–".
 */
export const POOLED_COUNT = sql<number>`case when bool_or(${GIVES_ABW})
  then (sum(s.shrimp_count) filter (where ${GIVES_ABW}))::int else min(s.shrimp_count) end`;
export const POOLED_WEIGHT = sql<string>`case when bool_or(${GIVES_ABW})
  then (sum(s.sample_weight) filter (where ${GIVES_ABW}))::text else min(s.sample_weight)::text end`;
