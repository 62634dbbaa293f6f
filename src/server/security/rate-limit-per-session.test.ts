import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

/**
 * Issue 29 point 3: authenticated requests spend their session's budget, not their
 * address's: people behind one router do not throttle each other; one person's burst gets
 * 429 with Retry-After for that person only. Sign-in stays per address whatever token a
 * request carries.
 */
const OFFICE = '203.0.113.5';
let app: App;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '12' });
});
afterAll(() => app.close());

const me = (token: string, lang = 'en') =>
  app.inject({
    method: 'GET',
    url: `/api/user?lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: OFFICE,
  });

describe('the general limit', () => {
  it('limits a session, not the address it shares', async () => {
    const sari = await signUp(app, 'sari');
    const joko = await signUp(app, 'joko');
    for (let i = 0; i < 12; i++) expect((await me(sari.token)).statusCode).toBe(200);
    const over = await me(sari.token);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ code: 'rate-limited', message: 'Too many requests. Try again shortly.' });
    expect((await me(sari.token, 'id')).json().message).toBe(
      'Terlalu banyak permintaan. Coba lagi sebentar lagi.',
    );
    // Joko, behind the same router, is not held back by Sari's burst.
    for (let i = 0; i < 12; i++) expect((await me(joko.token)).statusCode).toBe(200);
    // Nor is a request without a session from that address (its own budget).
    const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: OFFICE });
    expect(health.statusCode).not.toBe(429);
  });

  it('gives a made-up token nothing but 401s', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer made-up-token-0123456789' },
      remoteAddress: '198.51.100.20',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  let strict: App;
  beforeAll(async () => {
    strict = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => strict.close());

  it('stays per address even when each request carries a different token', async () => {
    const login = (i: number) =>
      strict.inject({
        method: 'POST',
        url: '/api/login/email?lang=en',
        headers: { authorization: `Bearer made-up-${i}-0123456789abcdef` },
        payload: { email: 'a@example.com', password: 'salah-salah' },
        remoteAddress: '192.0.2.44',
      });
    expect((await login(1)).statusCode).not.toBe(429);
    expect((await login(2)).statusCode).not.toBe(429);
    expect((await login(3)).statusCode).toBe(429);
  });
});
