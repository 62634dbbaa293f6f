import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/database.ts';
import { Rng } from '../lib/prng.ts';
import { DemoApi } from './api.ts';
import { BulkDemoApi } from './bulk.ts';
import { at, demoEnd } from './calendar.ts';
import type { DemoContext, DemoGenerator, DemoLifecycle, RoundCycle } from './context.ts';
import { blocksAndPonds, demoFarm, viewerPermissions } from './farm.ts';
import { finance } from './finance.ts';
import { demoId } from './ids.ts';
import { pondRecords } from './pond-records.ts';
import { production, stockLifecycle } from './production.ts';
import { warehouse } from './warehouse-generator.ts';
import { water } from './water.ts';

export interface DemoOptions {
  seed: number;
  ponds: number;
  days: number;
  /**
   * The farm-local day the demo ends on (YYYY-MM-DD), told whole; default today on WIB,
   * up to `now` (calendar.ts demoEnd).
   */
  today?: string;
  /** The instant a live demo is loaded at (default the clock). */
  now?: Date;
  log?: (line: string) => void;
  /**
   * Writes the records a farm has by the hundred thousand straight into PostgreSQL
   * (scripts/demo/bulk.ts, ADR 0079) instead of through the API: the same rows, far faster.
   */
  bulk?: boolean;
}

/** One generator per domain; within a round they run in this order. */
const GENERATORS: DemoGenerator[] = [production, water, pondRecords, finance, warehouse];

/** How rounds of cycles open and close. */
const LIFECYCLE: DemoLifecycle = stockLifecycle;

const OWNER_EMAIL = 'demo-owner@tambak.invalid';

/** The demo farm's owner: an account no one can sign in to (no password, .invalid address). */
async function demoOwner(db: Db): Promise<string> {
  const found = await db.selectFrom('users').select('id').where('email', '=', OWNER_EMAIL).executeTakeFirst();
  if (found) return found.id;
  const id = uuidv7();
  await db
    .insertInto('users')
    .values({
      id,
      username: 'Tambak Demo',
      email: OWNER_EMAIL,
      phone: null,
      city: 'Banyuwangi',
      photo: null,
      password_hash: null,
      email_verified_at: new Date(),
    })
    .execute();
  return id;
}

/** The k-th cycle of every pond that has one, for k = 0, 1, … */
function rounds(ctx: DemoContext): RoundCycle[][] {
  const most = Math.max(0, ...ctx.ponds.map((p) => p.cycles.length));
  return Array.from({ length: most }, (_, k) =>
    ctx.ponds.flatMap((pond) => (pond.cycles[k] ? [{ pond, cycle: pond.cycles[k] }] : [])),
  );
}

/**
 * Loads the demo farm through the public API of `app` (in process) as its owner.
 * Deterministic: the same seed and day give the same farm, and a second run replays the
 * same creates, so nothing is stored twice. Answers the farm id and the figures.
 */
export async function loadDemo(app: App, db: Db, options: DemoOptions) {
  const log = options.log ?? (() => {});
  const ownerId = await demoOwner(db);
  const token = await app.ctx.sessions.create(ownerId, 'demo-loader');
  const api = options.bulk ? new BulkDemoApi(app, token, db, ownerId) : new DemoApi(app, token);
  const farmId = await demoFarm(db, api);
  await viewerPermissions(api, farmId);
  const end = demoEnd(options.now ?? new Date(), options.today);
  const base = {
    api,
    seed: options.seed,
    farmId,
    ...end,
    happened: (day: string, hhmm: string) => at(day, hhmm) <= end.until,
    id: (key: string, at: Date | number) => demoId(options.seed, key, at),
    rngFor: (name: string) =>
      new Rng(options.seed * 1_000_003 + [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)),
    log,
  };
  const ponds = await blocksAndPonds(base, options.ponds, options.days);
  const ctx: DemoContext = { ...base, ponds };
  const timings: Record<string, number> = {};
  const timed = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    timings[name] = (timings[name] ?? 0) + performance.now() - started;
  };
  for (const g of GENERATORS) if (g.once) await timed(g.name, () => g.once?.(ctx) ?? Promise.resolve());
  for (const round of rounds(ctx)) {
    await timed('cycles', () => LIFECYCLE.open(ctx, round));
    for (const g of GENERATORS)
      if (g.round) await timed(g.name, () => g.round?.(ctx, round) ?? Promise.resolve());
    await timed('cycles', () => LIFECYCLE.close(ctx, round));
  }
  for (const g of GENERATORS) if (g.finish) await timed(g.name, () => g.finish?.(ctx) ?? Promise.resolve());
  await api.flush();
  for (const [name, ms] of Object.entries(timings)) {
    timings[name] = Math.round(ms);
    log(`${name}: ${(ms / 1000).toFixed(1)} s`);
  }
  return {
    farmId,
    requests: api.requests,
    records: api.records,
    timings,
    until: end.until,
    slotDay: end.slotDay,
    lastSlot: end.lastSlot,
  };
}
