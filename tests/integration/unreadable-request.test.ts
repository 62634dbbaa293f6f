import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Requests Node cannot read at all never reach a route (headers over the limit, broken
 * HTTP): they are answered in the app's envelope, translated, and the connection says it
 * closes. Sent over a raw socket, as a client would, since `inject` skips the HTTP parser.
 */
let app: App;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await app?.close();
});

/** Writes `raw` and reads until the server closes the connection. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (error) =>
      chunks.length ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error),
    );
    socket.write(raw);
  });
}

const parse = (answer: string) => {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) };
};

describe('a request the server cannot read', () => {
  it('with headers over the limit: 431 in the envelope, in the language of its Accept-Language', async () => {
    const long = 'x'.repeat(40_000);
    for (const [accept, message] of [
      ['en', /too large/],
      ['id-ID,id;q=0.9', /terlalu besar/],
      [null, /terlalu besar/],
    ] as const) {
      const answer = parse(
        await exchange(
          `GET /api/role?farm_id=${long} HTTP/1.1\r\nHost: x\r\n${accept ? `Accept-Language: ${accept}\r\n` : ''}X-Long: ${long}\r\n\r\n`,
        ),
      );
      expect(answer.status).toBe(431);
      expect(answer.body).toEqual({ code: 'payload-too-large', message: expect.stringMatching(message) });
      expect(answer.head).toContain('connection: close');
    }
  });

  it('that is not HTTP: 400 in the envelope', async () => {
    const answer = parse(await exchange('HELLO\0\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'validation-failed', message: 'Data yang dikirim tidak valid.' });
  });
});

describe('a body over the limit', () => {
  /**
   * Sends the whole of `size` bytes of body after the headers, as fetch does, and reads the
   * answer. A server that answers and closes while the body is still coming resets the
   * connection under the sender: a write or read error here (EPIPE / ECONNRESET).
   */
  function sendWhole(head: string, size: number): Promise<{ answer: string; error?: string }> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      let error: string | undefined;
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on('close', () => resolve({ answer: Buffer.concat(chunks).toString('utf8'), error }));
      socket.write(head);
      const piece = Buffer.alloc(1024 * 1024, 'x');
      let sent = 0;
      const more = () => {
        while (sent < size && !socket.destroyed) {
          const n = Math.min(piece.length, size - sent);
          sent += n;
          if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) {
            socket.once('drain', more);
            return;
          }
        }
      };
      more();
    });
  }

  it('of 20 MB (over the 2 MB limit) is read to its end, so the client gets its 413, not a reset', async () => {
    const size = 20 * 1024 * 1024;
    for (let i = 0; i < 3; i++) {
      const { answer, error } = await sendWhole(
        `POST /api/cycle HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
        size,
      );
      expect(error).toBeUndefined();
      const parsed = parse(answer);
      expect(parsed.status).toBe(413);
      expect(parsed.body).toEqual({ code: 'payload-too-large', message: expect.stringMatching(/too large/) });
      expect(parsed.head).toContain('connection: close');
    }
  });
});
