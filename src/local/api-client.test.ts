import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, softFailureCode } from './api-client.ts';
import { createSessionStore } from './session-store.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(response: Response | Error, token?: string) {
  const session = createSessionStore(null);
  if (token) session.set({ token, user: null, pu_id: 'pu' });
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch, session });
  return { client, fetchMock, session };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('returns data and message of a success envelope', async () => {
    const { client } = setup(jsonResponse(200, { message: 'Berhasil.', data: [{ farm_id: 'f1' }] }));
    await expect(client.request('GET', '/farm')).resolves.toEqual({
      message: 'Berhasil.',
      data: [{ farm_id: 'f1' }],
    });
  });

  it('sends the bearer token, the language and a JSON body to /api', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, { message: 'ok', data: null }), 'tok');
    client.setLanguage('en');
    await client.post('/block', { farm_id: 'f1', block_name: 'A' }, { x: 1, y: undefined });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/block?x=1');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Accept-Language']).toBe('en');
    expect(init?.body).toBe('{"farm_id":"f1","block_name":"A"}');
  });

  it('throws the server message, code and field errors of a failure envelope', async () => {
    const body = {
      message: 'Data tidak valid.',
      code: 'validation-failed',
      errors: { email: ['Wajib diisi.'] },
    };
    const { client } = setup(jsonResponse(400, body));
    const error = await failure(client.post('/registrasi', {}));
    expect(error).toMatchObject({ status: 400, code: 'validation-failed', message: 'Data tidak valid.' });
    expect(error.errors).toEqual({ email: ['Wajib diisi.'] });
  });

  it('falls back to the status text when the failure has no message', async () => {
    const { client } = setup(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(client.get('/farm'));
    expect(error).toMatchObject({ status: 502, code: 'unknown', message: 'Bad Gateway' });
  });

  it.each([
    ['bad request', 'validation-failed'],
    ['Kolam tidak ditemukan', 'not-found'],
    ['Farm not found', 'not-found'],
    ['No role data for this user', 'forbidden'],
  ])('treats a success whose message is "%s" as a failure (seed 000 §8)', async (message, code) => {
    const { client } = setup(jsonResponse(200, { message, data: [] }));
    const error = await failure(client.get('/farm'));
    expect(error).toMatchObject({ status: 200, code, message });
  });

  it('leaves ordinary success messages alone', () => {
    expect(softFailureCode('Berhasil disimpan.')).toBeNull();
    expect(softFailureCode('Signed in.')).toBeNull();
  });

  it('turns a network failure into code network with a translated message', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    const error = await failure(client.get('/farm'));
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect(error.message).toMatch(/koneksi/i);
  });

  describe('a read on one bar of signal', () => {
    /** A fetch that never answers (or whose body never ends), until its signal aborts it. */
    const stalled = (headersFirst: boolean) =>
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            const signal = init?.signal;
            const abort = () => reject(signal?.reason);
            if (!headersFirst) return signal?.addEventListener('abort', abort);
            const body = new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"data":'));
                signal?.addEventListener('abort', () => controller.error(signal.reason));
              },
            });
            resolve(new Response(body, { status: 200 }));
          }),
      );
    const client = (stall: ReturnType<typeof stalled>) =>
      createApiClient({
        fetch: stall as unknown as typeof fetch,
        session: createSessionStore(null),
        readTimeoutMs: 30,
      });

    it('fails as a lost connection when no answer comes, and when the answer stops halfway', async () => {
      for (const headersFirst of [false, true]) {
        const error = await failure(client(stalled(headersFirst)).get('/finance'));
        expect(error).toMatchObject({ status: 0, code: 'network' });
      }
    });

    it('fails a write as a lost connection only when the caller gave it a time', async () => {
      const error = await failure(
        client(stalled(false)).request('POST', '/login/email', { body: {}, timeoutMs: 30 }),
      );
      expect(error).toMatchObject({ status: 0, code: 'network' });
    });

    it('leaves writes and reads with their own signal to their callers', async () => {
      const stall = stalled(false);
      const post = client(stall).post('/transaction', { amount: 1 });
      const own = new AbortController();
      const read = client(stall).request('GET', '/finance', { signal: own.signal });
      expect((stall.mock.calls[0][1] as RequestInit).signal).toBeUndefined();
      expect((stall.mock.calls[1][1] as RequestInit).signal).toBe(own.signal);
      own.abort();
      await expect(read).rejects.toMatchObject({ name: 'AbortError' });
      void post.catch(() => undefined);
    });
  });

  it('announces an expired session on 401 without clearing it', async () => {
    const { client, session } = setup(
      jsonResponse(401, { message: 'Sesi berakhir', code: 'session-expired' }),
      'tok',
    );
    const expired = vi.fn();
    session.onExpired(expired);
    const error = await failure(client.get('/user'));
    expect(error.code).toBe('session-expired');
    expect(expired).toHaveBeenCalledOnce();
    expect(session.get()?.token).toBe('tok');
  });

  it('does not announce expiry for a failed login without a token', async () => {
    const { client, session } = setup(jsonResponse(401, { message: 'Salah', code: 'invalid-credentials' }));
    const expired = vi.fn();
    session.onExpired(expired);
    await failure(client.post('/login/email', { email: 'a@b.co', password: 'x' }));
    expect(expired).not.toHaveBeenCalled();
  });
});
