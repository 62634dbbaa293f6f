import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Reads the newest 6-digit code sent to `to`, as the person would read their mail or SMS.
 * `origin` is for a request context without a base URL (a browser the benches launch).
 */
export async function readCode(request: APIRequestContext, to: string, origin = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const entry = (await res.json()).data.find((m: { body: string }) => /\b\d{6}\b/.test(m.body));
      code = entry?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

let counter = 0;
/** A unique email per test run, so reruns against one database never collide. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now()}.${counter}@example.com`;
}
