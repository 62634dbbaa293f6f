import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainUnread } from './drain-body.ts';

/** A request body still arriving: a stream with the headers a request has. */
function body(headers: Record<string, string> = {}) {
  const stream = new PassThrough() as PassThrough & { headers: Record<string, string>; complete: boolean };
  stream.headers = headers;
  stream.complete = false;
  return stream;
}
const asRequest = (s: PassThrough) => s as unknown as IncomingMessage;

describe('drainUnread', () => {
  it('reads a refused body to its end and says so', async () => {
    const s = body({ 'content-length': '30' });
    const drained = drainUnread(asRequest(s), 100, 1000);
    s.write(Buffer.alloc(10));
    s.end(Buffer.alloc(20));
    expect(await drained).toBe(true);
  });

  it('does not wait for a body declared beyond the cap, nor one that grows beyond it, nor a slow one', async () => {
    expect(await drainUnread(asRequest(body({ 'content-length': '101' })), 100, 1000)).toBe(false);
    const chunked = body();
    const grows = drainUnread(asRequest(chunked), 100, 1000);
    chunked.write(Buffer.alloc(60));
    chunked.write(Buffer.alloc(60));
    expect(await grows).toBe(false);
    expect(await drainUnread(asRequest(body()), 100, 20)).toBe(false);
  });
});
