/**
 * Soak: a steady mixed load against one server process for `--minutes` (default 10):
 * pond and farm list reads, bulk water writes (50 readings per request) and chat sockets
 * sending group messages. Every 10 s it samples the server's RSS (/proc/<pid>/status) and
 * V8 heap (inspector), then prints the series, the slope over the last 5 minutes and a
 * verdict. Figures only; run by hand:
 *
 *   npm run soak -- [--minutes 10] [--read-rate 50] [--write-rate 2] [--chat-users 20] [--chat-every 2 (s)]
 */
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { postReadings, readings, seedFarm, signUpOwner } from './api-seed.ts';
import { createGroup, insertUsers } from './chat-seed.ts';
import { LoadServer, numberArg, startDatabase, table } from './harness.ts';
import { HeapProbe } from './server-memory.ts';

const MINUTES = numberArg('minutes', 10);
const READ_RATE = numberArg('read-rate', 50); // requests/s, pond and farm lists
const WRITE_RATE = numberArg('write-rate', 2); // bulk requests/s, 50 readings each
const CHAT_USERS = numberArg('chat-users', 20);
const CHAT_EVERY_MS = numberArg('chat-every', 2) * 1000; // each chat user sends one message this often
const SAMPLE_MS = 10_000;
const WARM_UP_MIN = 2;
/** Growth after warm-up under this (MB per minute) counts as steady. */
const STEADY_MB_PER_MIN = 1;

interface Sample {
  t: number; // seconds since start
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** The young generation's committed size (part of heapTotal), MB. */
  young: number;
  /** The heap's old generation in use: heap used less the young generation's live and dead objects, MB. */
  oldUsed: number;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

async function main() {
  const database = await startDatabase();
  const server = new LoadServer(database.url, { inspect: true });
  const sockets: WebSocket[] = [];
  let probe: HeapProbe | null = null;
  try {
    await server.start();
    const base = server.url;
    const token = await signUpOwner(base, 'owner');
    const farm = await seedFarm(base, token, 20);
    await postReadings(base, token, readings(farm.pondIds, 2_000, Date.UTC(2025, 0, 1)));
    const chatUsers = await insertUsers(database.db, CHAT_USERS, 'Soak');
    const guid = await createGroup(base, 'Soak', chatUsers);
    const auth = { authorization: `Bearer ${token}` };

    // Chat: each user's socket sends one message every CHAT_EVERY_MS; counts acks and deliveries.
    const chat = { sent: 0, acks: 0, delivered: 0, errors: 0 };
    const wsBase = base.replace('http', 'ws');
    for (const u of chatUsers) {
      const ws = new WebSocket(`${wsBase}/api/chat/socket?token=${encodeURIComponent(u.token)}`);
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string };
        if (frame.type === 'ack') chat.acks += 1;
        else if (frame.type === 'message') chat.delivered += 1;
        else if (frame.type === 'error') {
          chat.errors += 1;
          if (chat.errors <= 3) console.error(`  chat error frame: ${String(data).slice(0, 200)}`);
        }
      });
      ws.on('error', () => {
        chat.errors += 1;
      });
      await new Promise((resolve) => ws.once('open', resolve));
      sockets.push(ws);
    }
    let seq = 0;
    const chatTimer = setInterval(() => {
      for (const ws of sockets) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        seq += 1;
        ws.send(
          JSON.stringify({
            type: 'send',
            client_id: `soak-${seq}`,
            receiver_type: 'group',
            receiver: guid,
            text: `pesan ${seq}`,
          }),
        );
        chat.sent += 1;
      }
    }, CHAT_EVERY_MS);

    probe = await HeapProbe.connect(server.inspectPort);
    const started = Date.now();
    const samples: Sample[] = [];
    const sample = async () => {
      const heap = await (probe as HeapProbe).heapMb();
      const young = await (probe as HeapProbe).youngMb();
      const s = {
        t: Math.round((Date.now() - started) / 1000),
        rss: server.rssMb(),
        heapUsed: heap.used,
        heapTotal: heap.total,
        young: young.committed,
        oldUsed: heap.used - young.used,
      };
      samples.push(s);
      console.log(
        `  t=${String(s.t).padStart(4)} s  rss ${s.rss.toFixed(1)} MB  heap ${s.heapUsed.toFixed(1)} / ${s.heapTotal.toFixed(1)} MB ` +
          `(young generation ${s.young.toFixed(1)}, old in use ${s.oldUsed.toFixed(1)})  ` +
          `chat sent ${chat.sent} acked ${chat.acks} delivered ${chat.delivered}`,
      );
    };
    console.log(
      `Soak: ${MINUTES} min against one server process (pid ${server.pid}): ${READ_RATE} reads/s ` +
        `(pond list 20 rows + farm list), ${WRITE_RATE} bulk POSTs/s × 50 readings, ` +
        `${CHAT_USERS} chat sockets × 1 message every ${CHAT_EVERY_MS / 1000} s into one ${CHAT_USERS}-member group. Samples every 10 s:`,
    );
    await sample();
    const sampler = setInterval(() => void sample().catch((e) => console.error(e)), SAMPLE_MS);

    const duration = MINUTES * 60;
    const [reads, writes] = await Promise.all([
      autocannon({
        url: base,
        connections: 10,
        overallRate: READ_RATE,
        duration,
        headers: auth,
        requests: [
          { method: 'GET', path: `/api/pond?farm_id=${farm.farmId}` },
          { method: 'GET', path: '/api/farm' },
        ],
      }),
      autocannon({
        url: `${base}/api/water/general/bulk`,
        connections: 2,
        overallRate: WRITE_RATE,
        duration,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ items: readings(farm.pondIds, 50, Date.UTC(2024, 0, 1)) }),
            }),
          },
        ],
      }),
    ]);
    clearInterval(chatTimer);
    clearInterval(sampler);
    await sample();

    console.log(
      `\n${table(
        ['load', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors+non2xx'],
        [
          [
            'reads (pond + farm list)',
            reads.requests.total,
            Math.round(reads.requests.average),
            reads.latency.p50,
            reads.latency.p99,
            reads.errors + reads.timeouts + reads.non2xx,
          ],
          [
            'bulk POST (50 readings)',
            writes.requests.total,
            Math.round(writes.requests.average),
            writes.latency.p50,
            writes.latency.p99,
            writes.errors + writes.timeouts + writes.non2xx,
          ],
        ],
      )}`,
    );
    console.log(
      `chat: ${chat.sent} sent, ${chat.acks} acked, ${chat.delivered} delivered, ${chat.errors} errors`,
    );

    const last = samples[samples.length - 1];
    const window = samples.filter((s) => s.t >= Math.max(WARM_UP_MIN * 60, last.t - 300));
    const perMin = (pick: (s: Sample) => number) => slope(window.map((s) => [s.t / 60, pick(s)]));
    const rssSlope = perMin((s) => s.rss);
    const heapSlope = perMin((s) => s.heapUsed);
    const afterWarmUp = samples.find((s) => s.t >= WARM_UP_MIN * 60) ?? samples[0];
    console.log(
      `\n${table(
        ['memory', 'start MB', `at ${WARM_UP_MIN} min MB`, 'end MB', 'slope MB/min (last 5 min)'],
        [
          [
            'RSS',
            samples[0].rss.toFixed(1),
            afterWarmUp.rss.toFixed(1),
            last.rss.toFixed(1),
            rssSlope.toFixed(2),
          ],
          [
            'V8 heap used',
            samples[0].heapUsed.toFixed(1),
            afterWarmUp.heapUsed.toFixed(1),
            last.heapUsed.toFixed(1),
            heapSlope.toFixed(2),
          ],
          [
            'young generation',
            samples[0].young.toFixed(1),
            afterWarmUp.young.toFixed(1),
            last.young.toFixed(1),
            perMin((s) => s.young).toFixed(2),
          ],
        ],
      )}`,
    );
    const rssLessYoung = perMin((s) => s.rss - s.young);
    const oldSlope = perMin((s) => s.oldUsed);
    console.log(
      `\n${table(
        ['memory that a leak would grow', `at ${WARM_UP_MIN} min MB`, 'end MB', 'slope MB/min (last 5 min)'],
        [
          [
            'RSS less the young generation',
            (afterWarmUp.rss - afterWarmUp.young).toFixed(1),
            (last.rss - last.young).toFixed(1),
            rssLessYoung.toFixed(2),
          ],
          [
            'old generation in use',
            afterWarmUp.oldUsed.toFixed(1),
            last.oldUsed.toFixed(1),
            oldSlope.toFixed(2),
          ],
        ],
      )}`,
    );
    // The verdict judges what a leak grows: memory that outlives the young generation. The
    // young generation is scratch space whose size V8 moves between 1 MB and its cap
    // (--max-semi-space-size, two halves) with the allocation rate, and gives back when idle
    // (ADR 0104): a step of RSS that matches a step of it is bounded by the cap, and heap
    // used counts its garbage until the next scavenge. Both raw slopes are printed above.
    const steady = rssLessYoung < STEADY_MB_PER_MIN && oldSlope < STEADY_MB_PER_MIN;
    const verdict = window.length < 3 ? 'TOO SHORT TO JUDGE' : steady ? 'STEADY' : 'GROWING';
    console.log(
      `verdict: ${verdict} (threshold ${STEADY_MB_PER_MIN} MB/min on RSS less the young generation and on the old generation in use, after a ${WARM_UP_MIN} min warm-up, over ${window.length} samples)`,
    );
  } finally {
    for (const ws of sockets) ws.close();
    probe?.close();
    await server.stop();
    await database.stop();
  }
}

await main();
