/**
 * A new device's first sync of the demo farm (issue 29 point 3): every mirrored list pulled
 * into an empty Dexie database (fake-indexeddb) over a real socket, with the client's own
 * pull code, two ways: one GET per list, four in flight (the pull before ADR 0065), and the
 * batched `POST /api/sync/pull`. Prints requests, bytes and seconds. Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/first-sync.bench.ts [ponds=50] [days=730] [runs=3]
 */
import 'fake-indexeddb/auto';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

/** A POST whose compressed answer is counted as it came (fetch would decode it). */
function rawPost(
  url: URL,
  init: RequestInit | undefined,
  encoding: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...(init?.headers as Record<string, string>), 'accept-encoding': encoding };
    const req = request(url, { method: init?.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.headers['content-encoding'] !== encoding)
          reject(new Error(`not ${encoding}: ${res.headers['content-encoding']}`));
        else resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(typeof init?.body === 'string' ? init.body : undefined);
  });
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
    // What crosses the network: the batched pull as a phone asks for it (gzip and br).
    for (const encoding of ['gzip', 'br']) {
      const db = new TambakDb(`bench-${newId()}`);
      let wire = 0;
      const fetchFn: typeof fetch = async (input, init) => {
        const { status, body } = await rawPost(new URL(String(input), address), init, encoding);
        wire += body.length;
        const text = (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8');
        return new Response(text, { status, headers: { 'content-type': 'application/json' } });
      };
      const t0 = performance.now();
      const transport = createFetchTransport({ getToken: () => token, fetchFn });
      await pullResources({ db, transport, clock }, resources(), farmId);
      const seconds = ((performance.now() - t0) / 1000).toFixed(2);
      console.log(
        `batched pull with ${encoding}: ${(wire / 1024 / 1024).toFixed(2)} MB on the wire, ${seconds} s`,
      );
      db.close();
      await db.delete();
    }
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
