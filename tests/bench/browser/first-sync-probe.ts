import { systemClock } from '../../../src/local/clock.ts';
import type { TambakDb } from '../../../src/local/db.ts';
import { resources } from '../../../src/local/resources.ts';
import { fillHistory, pullResources } from '../../../src/local/sync/pull.ts';
import { createFetchTransport } from '../../../src/local/sync/transport.ts';

/** A first sync's figures: where its time went (ADR 0082), ready and with the rest (ADR 0086). */
export interface FirstSyncFigures {
  /** Until the device is ready: every list pulled, the long ones in part. */
  ms: number;
  /** Rows in the database when ready. */
  readyRows: number;
  /** The biggest tables when ready: "name rows". */
  readyTables: string[];
  /** The rest of the long lists, asked after (in the app, in the background). */
  restMs: number;
  requests: number;
  /** From each request to its answer's last byte (the next page is asked for while one is applied). */
  serverMs: number;
  bytes: number;
  rows: number;
  /** Writing rows into the database (Dexie's bulkPut). */
  putMs: number;
  /** Parsing the answers. */
  parseMs: number;
  bad: string[];
}

/** `run`, its time (a promise's until it settles) handed to `add`. */
function timed<A extends unknown[], R>(run: (...a: A) => R, add: (ms: number) => void): (...a: A) => R {
  return (...a: A) => {
    const t = performance.now();
    const out = run(...a);
    if (out instanceof Promise) return out.finally(() => add(performance.now() - t)) as R;
    add(performance.now() - t);
    return out;
  };
}

/**
 * A new device's first sync with the client's own pull code (node with fake-indexeddb, or
 * a browser page), from `api` into the empty `db`: every mirrored list of `farmId`.
 */
export async function firstSyncFigures(
  db: TambakDb,
  api: string,
  token: string,
  farmId: string,
): Promise<FirstSyncFigures> {
  const f = { requests: 0, serverMs: 0, bytes: 0, putMs: 0, parseMs: 0 };
  const fetchFn: typeof fetch = async (input, init) => {
    f.requests += 1;
    const t0 = performance.now();
    const res = await fetch(new URL(String(input), api), init);
    const body = await res.arrayBuffer();
    f.serverMs += performance.now() - t0;
    f.bytes += body.byteLength;
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  const proto = db.Table.prototype as unknown as { bulkPut: (...a: unknown[]) => Promise<unknown> };
  const { bulkPut } = proto;
  const { parse } = JSON;
  proto.bulkPut = function (this: unknown, ...a: unknown[]) {
    return timed(
      () => bulkPut.apply(this, a),
      (ms) => (f.putMs += ms),
    )();
  };
  JSON.parse = timed(parse, (ms) => (f.parseMs += ms));
  try {
    const transport = createFetchTransport({ getToken: () => token, fetchFn });
    const t0 = performance.now();
    const options = { db, transport, clock: systemClock };
    const results = await pullResources(options, resources(), farmId);
    const ms = performance.now() - t0;
    const sizes = async () => {
      const out: [string, number][] = [];
      for (const table of db.tables) out.push([table.name, await table.count()]);
      return out.sort((a, b) => b[1] - a[1]);
    };
    const count = async () => (await sizes()).reduce((sum, [, n]) => sum + n, 0);
    const ready = await sizes();
    const readyRows = ready.reduce((sum, [, n]) => sum + n, 0);
    const readyTables = ready.slice(0, 8).map(([name, n]) => `${name} ${n}`);
    const t1 = performance.now();
    const rest = await fillHistory(options, resources(), farmId);
    const restMs = performance.now() - t1;
    const rows = await count();
    const bad = [...results, ...rest].filter((r) => r.kind !== 'ok').map((r) => JSON.stringify(r));
    return { ms, readyRows, readyTables, restMs, rows, bad, ...f };
  } finally {
    proto.bulkPut = bulkPut;
    JSON.parse = parse;
  }
}
