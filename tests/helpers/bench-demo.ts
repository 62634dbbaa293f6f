import { sql } from 'kysely';
import { loadDemo } from '../../scripts/demo/load.ts';
import { DEMO_MIN_PONDS } from '../../scripts/demo/seeded-problems.ts';
import { compareNames } from '../../src/shared/domain/natural-sort.ts';
import { type BenchApp, startBenchApp } from './bench-app.ts';

export interface DemoBench {
  app: BenchApp['app'];
  db: BenchApp['db'];
  farmId: string;
  /** The demo owner's session. */
  headers: { authorization: string };
  /** The farm's pond ids in name order (A1, A2, … A10). */
  ponds: string[];
  /** The farm's day (WIB) the demo ends on. */
  today: string;
}

/**
 * The demo farm (scripts/demo) loaded into a bench app of its own, statistics analysed,
 * for the endpoint benches (charts, analysis): prints how it loaded, hands it to `run`,
 * then stops the app and its database. The records go in by the bulk path
 * (scripts/demo/bulk.ts: the same rows as through the API, straight into PostgreSQL).
 */
export async function withDemoFarm<T>(ponds: number, days: number, run: (demo: DemoBench) => Promise<T>) {
  // DEMO_KEEP_DIR (and DEMO_KEEP_PORT, default 54361): the database stays in that directory,
  // and a demo farm of this many ponds found there is read again instead of loaded (its
  // records end on the day it was loaded: rerun the same day).
  const keepDir = process.env.DEMO_KEEP_DIR;
  const keep = keepDir ? { dir: keepDir, port: Number(process.env.DEMO_KEEP_PORT ?? 54361) } : undefined;
  const { app, db, stop } = await startBenchApp(keep);
  try {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const loaded = await db
      .selectFrom('ponds as p')
      .innerJoin('farms as f', 'f.id', 'p.farm_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('f.is_demo', '=', true)
      .executeTakeFirstOrThrow();
    if (keep && Number(loaded.n) === Math.max(ponds, DEMO_MIN_PONDS)) {
      console.log(`demo farm: ${loaded.n} ponds, read again from ${keep.dir}`);
    } else {
      const started = performance.now();
      const { records } = await loadDemo(app, db, {
        seed: 1,
        ponds,
        days,
        today,
        bulk: true,
        log: (line) => console.log(`  ${line}`),
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `demo farm: ${ponds} ponds × ${days} days, ${records} records, loaded in bulk in ${seconds.toFixed(1)} s (${Math.round(records / seconds)} records/s)`,
      );
    }
    const farmId = (
      await db.selectFrom('farms').select('id').where('is_demo', '=', true).executeTakeFirstOrThrow()
    ).id;
    await sql`analyze`.execute(db);
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-owner@tambak.invalid')
      .executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await app.ctx.sessions.create(owner.id, 'bench')}` };
    const pondIds = (
      await db.selectFrom('ponds').select(['id', 'name']).where('farm_id', '=', farmId).execute()
    )
      .sort((a, b) => compareNames(a.name, b.name))
      .map((p) => p.id);
    return await run({ app, db, farmId, headers, ponds: pondIds, today });
  } finally {
    await stop();
  }
}

/** The value at quantile `q` (0–1) of sorted timings. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
