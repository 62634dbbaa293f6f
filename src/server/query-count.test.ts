import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from './app.ts';
import { AUTHZ_MODULES } from './authz/cases.ts';
import { createFarmFixture, quickUser, sessionOf } from './authz/fixture.ts';
import type { FarmFixture, FixtureUser } from './authz/types.ts';

/**
 * No N+1 in the read routes (issue 32): every GET route of the authorization inventory is
 * called by the farm's owner on a farm seeded once (every module's `seed` on one pond) and
 * on a farm seeded three times over (three blocks and ponds), with cold caches (a fresh
 * session, memberships forgotten), and the SQL statements each request sends are counted.
 * A route whose count grows with its rows reads them one by one.
 *
 * Statements are counted at `pg.Client#query` (BEGIN and COMMIT included), attributed to
 * the request through AsyncLocalStorage entered by an onRequest hook (`app.inject` itself
 * does not carry the caller's context), so the LISTEN connection, the job queues and the
 * work an earlier request left running do not count.
 */
interface Tally {
  statements: string[];
}
const tally = new AsyncLocalStorage<Tally>();
const tallies = new Map<string, Tally>();
let measured = 0;
const clientQuery = pg.Client.prototype.query;

const COPIES = 3;
let app: App;
let owner: FixtureUser;
let one: FarmFixture;
let many: FarmFixture;
const seedFailures: string[] = [];

async function post(url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: owner.auth, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Every module's seed on `farm` (ids into farm.extra); failures are noted, not thrown. */
async function seedAll(farm: FarmFixture, label: string) {
  for (const m of AUTHZ_MODULES) {
    if (!m.seed) continue;
    try {
      Object.assign(farm.extra, await m.seed(app, owner, farm));
    } catch (error) {
      seedFailures.push(`${label} ${m.name}: ${(error as Error).message.slice(0, 120)}`);
    }
  }
}

/** One request with cold caches; the statements it sent and its answer. */
async function measure(url: string) {
  const user = await sessionOf(app, owner.id, owner.email);
  app.ctx.farmAccess.changed();
  const t: Tally = { statements: [] };
  const key = String(++measured);
  tallies.set(key, t);
  const res = await app.inject({ method: 'GET', url, headers: { ...user.auth, 'x-tally': key } });
  tallies.delete(key);
  return { status: res.statusCode, bytes: res.body.length, statements: t.statements };
}

beforeAll(async () => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const t = tally.getStore();
    if (t) {
      const q = args[0] as string | { text?: string };
      t.statements.push(typeof q === 'string' ? q : (q?.text ?? ''));
    }
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  app = await createTestApp({}, {}, (a) =>
    a.addHook('onRequest', (request, _reply, done) => {
      const t = tallies.get(String(request.headers['x-tally']));
      if (t) tally.run(t, done);
      else done();
    }),
  );
  owner = await quickUser(app, 'owner');
  one = await createFarmFixture(app, owner, 'one');
  await seedAll(one, 'one');
  many = await createFarmFixture(app, owner, 'many');
  await seedAll(many, 'many#1');
  for (let i = 2; i <= COPIES; i++) {
    const block = await post('/api/block', { farm_id: many.farmId, block_name: `Block ${i}` });
    const pond = await post('/api/pond', {
      farm_id: many.farmId,
      block_id: block.block_id,
      name: `Pond ${i}`,
      area: 1000,
    });
    await seedAll({ ...many, blockId: block.block_id, pondId: pond.pond_id, extra: {} }, `many#${i}`);
  }
}, 180_000);

afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await app?.close();
});

const reads = AUTHZ_MODULES.flatMap((m) => m.cases.filter((c) => c.route.startsWith('GET ')));

describe('SQL statements per read route', () => {
  it('seeds every module once on the one-pond farm', () => {
    expect(seedFailures.filter((f) => f.startsWith('one '))).toEqual([]);
  });

  it('sends as many statements for three copies of every record as for one', async () => {
    const grew: string[] = [];
    const lines: string[] = [];
    let compared = 0;
    let longer = 0;
    for (const c of reads) {
      const a = await measure(c.request(one, one).url);
      const b = await measure(c.request(many, many).url);
      lines.push(
        `${String(a.statements.length).padStart(3)} ${String(b.statements.length).padStart(3)}  ` +
          `${String(a.bytes).padStart(6)} ${String(b.bytes).padStart(6)}  ${a.status} ${c.request(one, one).url}`,
      );
      if (a.status !== 200 || b.status !== 200) continue;
      compared++;
      if (b.bytes > a.bytes) longer++;
      if (b.statements.length > a.statements.length)
        grew.push(
          `${c.route} (${a.statements.length} → ${b.statements.length}):\n  ${b.statements.join('\n  ')}`,
        );
    }
    console.log(
      `statements (one farm, three copies), bytes (same), status, url; seeds that did not repeat: ${seedFailures.length}\n${lines.join('\n')}`,
    );
    expect(grew).toEqual([]);
    // The comparison means something only if many routes answered and the bigger farm
    // really answered more.
    expect(compared).toBeGreaterThan(40);
    expect(longer).toBeGreaterThan(30);
  }, 120_000);
});
