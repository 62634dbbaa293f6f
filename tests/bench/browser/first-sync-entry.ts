// Bundled by tests/bench/farm-200-browser.bench.ts into the benchmark page: a new device's
// first sync with the client's own pull code, into Chromium's real IndexedDB.
import { systemClock } from '../../../src/local/clock.ts';
import { TambakDb } from '../../../src/local/db.ts';
import { resources } from '../../../src/local/resources.ts';
import { pullResources } from '../../../src/local/sync/pull.ts';
import { createFetchTransport } from '../../../src/local/sync/transport.ts';

interface FirstSync {
  api: string;
  token: string;
  farmId: string;
}

async function run({ api, token, farmId }: FirstSync) {
  const db = new TambakDb(`first-sync-${Date.now()}`);
  let requests = 0;
  let serverMs = 0;
  let bytes = 0;
  // The server's part: from the request to the answer's last byte (the rest is the device's).
  const fetchFn: typeof fetch = async (input, init) => {
    requests += 1;
    const t0 = performance.now();
    const res = await fetch(new URL(String(input), api), init);
    const body = await res.arrayBuffer();
    serverMs += performance.now() - t0;
    bytes += body.byteLength;
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  // Where the device's time goes: writing rows (bulkPut) and parsing answers.
  let putMs = 0;
  let parseMs = 0;
  const proto = db.Table.prototype as unknown as { bulkPut: (...a: unknown[]) => Promise<unknown> };
  const bulkPut = proto.bulkPut;
  proto.bulkPut = async function (this: unknown, ...a: unknown[]) {
    const t = performance.now();
    try {
      return await bulkPut.apply(this, a);
    } finally {
      putMs += performance.now() - t;
    }
  };
  const parse = JSON.parse;
  JSON.parse = (text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
    const t = performance.now();
    try {
      return parse(text, reviver);
    } finally {
      parseMs += performance.now() - t;
    }
  };
  const transport = createFetchTransport({ getToken: () => token, fetchFn });
  const t0 = performance.now();
  const results = await pullResources({ db, transport, clock: systemClock }, resources(), farmId);
  const ms = performance.now() - t0;
  proto.bulkPut = bulkPut;
  JSON.parse = parse;
  const bad = results.filter((r) => r.kind !== 'ok');
  let rows = 0;
  for (const table of db.tables) rows += await table.count();
  db.close();
  await db.delete();
  return { ms, requests, serverMs, bytes, rows, putMs, parseMs, bad: bad.map((r) => JSON.stringify(r)) };
}

(globalThis as unknown as { benchFirstSync: typeof run }).benchFirstSync = run;
