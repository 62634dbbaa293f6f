/**
 * A new device's first sync of the demo farm (issue 29 point 3): every mirrored list pulled
 * into an empty Dexie database (fake-indexeddb) over a real socket, with the client's own
 * pull code, two ways: one GET per list, four in flight (the pull before ADR 0065), and the
 * batched `POST /api/sync/pull`. Prints requests, bytes and seconds. Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/first-sync.bench.ts [ponds=50] [days=730] [runs=3]
 */
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { systemClock } from '../../src/local/clock.ts';
import { TambakDb } from '../../src/local/db.ts';
import { newId } from '../../src/local/ids.ts';
import { resources } from '../../src/local/resources.ts';
import { type PullResult, pullResource, pullResources } from '../../src/local/sync/pull.ts';
import { createFetchTransport, type Transport } from '../../src/local/sync/transport.ts';
import { withDemoFarm } from '../helpers/bench-demo.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 730);
const RUNS = Number(process.argv[4] ?? 3);
const clock = systemClock;

/** The old way: one GET per list, `limit` at once. */
async function perList(transport: Transport, db: TambakDb, farmId: string): Promise<PullResult[]> {
  const wanted = resources().filter((r) => r.pull);
  const out: PullResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const r = wanted[next++];
      if (r) out.push(await pullResource({ db, transport, clock }, r, farmId));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

async function main() {
  await withDemoFarm(PONDS, DAYS, async ({ app, farmId, headers }) => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = headers.authorization.replace('Bearer ', '');
    const measure = async (name: string, pull: (t: Transport, db: TambakDb) => Promise<PullResult[]>) => {
      const times: number[] = [];
      let requests = 0;
      let bytes = 0;
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const db = new TambakDb(`bench-${newId()}`);
        requests = 0;
        bytes = 0;
        const fetchFn: typeof fetch = async (input, init) => {
          requests++;
          const res = await fetch(new URL(String(input), address), init);
          const text = await res.text();
          bytes += text.length;
          return new Response(text, { status: res.status, headers: res.headers });
        };
        const transport = createFetchTransport({ getToken: () => token, fetchFn });
        const t0 = performance.now();
        const results = await pull(transport, db);
        times.push(performance.now() - t0);
        const bad = results.filter((r) => r.kind !== 'ok');
        if (bad.length > 0) throw new Error(`${name}: ${JSON.stringify(bad).slice(0, 300)}`);
        rows = results.reduce((sum, r) => sum + (r.kind === 'ok' ? r.applied : 0), 0);
        db.close();
        await db.delete();
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name}: ${requests} requests, ${(bytes / 1024 / 1024).toFixed(2)} MB, ${rows} rows; ` +
          `${RUNS} runs: median ${((times[Math.floor(RUNS / 2)] as number) / 1000).toFixed(2)} s, ` +
          `best ${((times[0] as number) / 1000).toFixed(2)} s`,
      );
    };
    await measure('one GET per list (4 at once)', (t, db) => perList(t, db, farmId));
    await measure('one batched POST /api/sync/pull', (t, db) =>
      pullResources({ db, transport: t, clock }, resources(), farmId),
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
