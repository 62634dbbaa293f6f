/**
 * Ten users behind one address (issue 29 point 3): a farm's office and keepers share one
 * router, so the server sees one address. Against the built server with its production
 * limits (RATE_LIMIT_PER_MINUTE 600 per session or address, sign-in 20 a minute per
 * address), ten members of one farm each load the app cold (the HTML and every script and
 * stylesheet it names, no session: the address's budget), read their farm list, and pull
 * the farm with the client's own code (`POST /api/sync/pull`); then every minute for five
 * minutes each sends a bulk of water readings and pulls again. Prints the answers by
 * status, and every 429 (goal: none). Set-up sign-ins that met the per-address sign-in
 * limit wait for its Retry-After and are counted apart: they are not the measured part.
 *
 *   node --import tsx tests/bench/ten-users.bench.ts [users=10] [minutes=5] [period_s=60]
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { systemClock } from '../../src/local/clock.ts';
import { TambakDb } from '../../src/local/db.ts';
import { newId } from '../../src/local/ids.ts';
import { resources } from '../../src/local/resources.ts';
import { pullResources } from '../../src/local/sync/pull.ts';
import { createFetchTransport } from '../../src/local/sync/transport.ts';
import { startAppServer } from '../helpers/app-server.ts';
import { benchSignUp, rateLimitWaits, benchApi as setupPost } from '../helpers/bench-typing.ts';

const USERS = Number(process.argv[2] ?? 10);
const MINUTES = Number(process.argv[3] ?? 5);
const PERIOD_MS = Number(process.argv[4] ?? 60) * 1000;

const statuses = new Map<string, number>();
const count = (what: string, status: number) => {
  const key = `${what} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
};
/** A cold load of the app: the page, then each script and stylesheet it names. */
async function loadApp(base: string, path: string) {
  const page = await fetch(`${base}${path}`);
  count('page', page.status);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  await Promise.all(
    assets.map(async (asset) => {
      const res = await fetch(`${base}${asset}`);
      await res.arrayBuffer();
      count('asset', res.status);
    }),
  );
}

interface Member {
  token: string;
  db: TambakDb;
}

async function pull(base: string, member: Member, farmId: string) {
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await fetch(new URL(String(input), base), init);
    count('pull', res.status);
    return res;
  };
  const transport = createFetchTransport({ getToken: () => member.token, fetchFn });
  await pullResources({ db: member.db, transport, clock: systemClock }, resources(), farmId);
}

async function api(base: string, token: string, method: string, path: string, what: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  count(what, res.status);
}

async function main() {
  const app = await startAppServer();
  try {
    const base = app.url;
    const stamp = Date.now();
    const ownerToken = (await benchSignUp(base, `owner.${stamp}@example.com`)).token;
    const farm = await setupPost<{ farm_id: string }>(
      base,
      '/farm/add',
      { name: 'Tambak Satu Router' },
      ownerToken,
    );
    const block = await setupPost<{ block_id: string }>(
      base,
      '/block',
      { farm_id: farm.farm_id, block_name: 'Blok A' },
      ownerToken,
    );
    const ponds: string[] = [];
    for (let i = 1; i <= 10; i++)
      ponds.push(
        (
          await setupPost<{ pond_id: string }>(
            base,
            '/pond',
            { farm_id: farm.farm_id, block_id: block.block_id, name: `Kolam ${i}`, area: 2500 },
            ownerToken,
          )
        ).pond_id,
      );
    const members: Member[] = [{ token: ownerToken, db: new TambakDb(`ten-${newId()}`) }];
    for (let i = 1; i < USERS; i++) {
      const email = `keeper${i}.${stamp}@example.com`;
      const { token } = await benchSignUp(base, email);
      await setupPost(
        base,
        '/userFarm',
        {
          farm_id: farm.farm_id,
          email,
          role_id: 3,
          ponds: ponds.map((pond_id) => ({ pond_id, access_level: 1 })),
        },
        ownerToken,
      );
      members.push({ token, db: new TambakDb(`ten-${newId()}`) });
    }
    console.log(
      `${USERS} members of one farm behind one address; set-up sign-ins that waited for the per-address sign-in limit: ${rateLimitWaits.count}`,
    );

    const started = performance.now();
    // Everyone opens the app at the start of the shift.
    await Promise.all(
      members.map(async (m) => {
        await loadApp(base, `/farm/${farm.farm_id}/today`);
        await api(base, m.token, 'GET', '/farm', 'farm list');
        await pull(base, m, farm.farm_id);
      }),
    );
    // Then each syncs once a minute: a bulk of readings up, the farm down.
    for (let minute = 1; minute <= MINUTES; minute++) {
      const due = started + minute * PERIOD_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await Promise.all(
        members.map(async (m, i) => {
          const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
          await api(base, m.token, 'POST', '/water/general/bulk', 'bulk', {
            items: [0, 1, 2].map((k) => ({
              id: randomUUID(),
              pond_id: ponds[(i + k) % ponds.length],
              measured_at: `${day}T0${(minute % 3) + 6}:${String(i).padStart(2, '0')}:00+07:00`,
              ph: 7.8,
              do: 5.2,
            })),
          });
          await pull(base, m, farm.farm_id);
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    const lines = [...statuses].sort().map(([k, n]) => `${k}: ${n}`);
    const limited = [...statuses].filter(([k]) => k.endsWith(' 429')).reduce((s, [, n]) => s + n, 0);
    console.log(`${MINUTES} syncs a member, one every ${PERIOD_MS / 1000} s, ${seconds.toFixed(0)} s in all`);
    console.log(`answers by kind and status: ${lines.join(', ')}`);
    console.log(
      `429 answers: ${limited} (goal 0); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const m of members) {
      m.db.close();
      await m.db.delete();
    }
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
