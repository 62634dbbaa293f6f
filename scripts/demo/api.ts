import type { App } from '../../src/server/app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Most items per bulk POST the demo sends (the server takes up to BULK_MAX_ITEMS). */
const BULK_CHUNK = 500;

/**
 * The public API as the demo owner's device calls it: every write goes through routing,
 * authorization, validation and idempotency, in process (no socket), so the demo farm is
 * exactly what a farmer's phone could have stored.
 */
export class DemoApi {
  requests = 0;
  records = 0;

  constructor(
    protected readonly app: App,
    private readonly token: string,
  ) {}

  async call<T = unknown>(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    this.requests += 1;
    const res = await this.app.inject({
      method,
      url: `/api${url}${url.includes('?') ? '&' : '?'}lang=en`,
      headers: { authorization: `Bearer ${this.token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 400)}`);
    const items = (payload as { items?: unknown } | undefined)?.items;
    this.records += Array.isArray(items) ? items.length : 1;
    return (res.json() as { data: T }).data;
  }

  /** Writes anything held back; the API path holds nothing (the bulk path, bulk.ts, does). */
  async flush(): Promise<void> {}

  /** A bulk create in chunks; any item the server refuses stops the load with its reason. */
  async bulk(url: string, items: { id: string }[]): Promise<void> {
    for (let i = 0; i < items.length; i += BULK_CHUNK) {
      const chunk = items.slice(i, i + BULK_CHUNK);
      this.requests += 1;
      const res = await this.app.inject({
        method: 'POST',
        url: `/api${url}?lang=en`,
        headers: { authorization: `Bearer ${this.token}` },
        payload: { items: chunk },
      });
      if (res.statusCode !== 200) throw new Error(`POST ${url}: ${res.statusCode} ${res.body.slice(0, 400)}`);
      const results = (
        res.json() as { data: { results: { id: string; status: string; message?: string }[] } }
      ).data.results;
      const failed = results.find((r) => r.status !== 'ok');
      if (failed) throw new Error(`POST ${url}: item ${failed.id} refused: ${failed.message}`);
      this.records += chunk.length;
    }
  }
}

/**
 * Runs `work` for every item, at most `limit` at a time: records of different cycles do
 * not depend on each other, and the server's pool serves several requests at once.
 */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item as T);
    }
  });
  await Promise.all(lanes);
}
