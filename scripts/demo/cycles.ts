import type { DemoContext } from './context.ts';

/** Every planned cycle started on its day and, when over, ended on its last day. */
export async function cycles(ctx: DemoContext): Promise<void> {
  for (const pond of ctx.ponds) {
    for (const cycle of pond.cycles) {
      await ctx.api.call('POST', '/cycle', { cycle_id: cycle.id, pond_id: pond.id, start_date: cycle.start });
      if (cycle.end) {
        await ctx.api.call(
          'POST',
          `/cycle/${cycle.id}/end`,
          { end_date: cycle.end },
          {
            'idempotency-key': `demo-end-${cycle.id}`,
          },
        );
      }
    }
  }
}
