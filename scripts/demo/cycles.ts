import type { DemoLifecycle } from './context.ts';

/** Cycles without stocking records: started on their first day, ended on their last. */
export const cycleLifecycle: DemoLifecycle = {
  async open(ctx, round) {
    for (const { pond, cycle } of round) {
      await ctx.api.call('POST', '/cycle', { cycle_id: cycle.id, pond_id: pond.id, start_date: cycle.start });
    }
  },
  async close(ctx, round) {
    for (const { cycle } of round) {
      if (!cycle.end) continue;
      await ctx.api.call(
        'POST',
        `/cycle/${cycle.id}/end`,
        { end_date: cycle.end },
        { 'idempotency-key': `demo-end-${cycle.id}` },
      );
    }
  },
};
