import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

/**
 * ASVS V2/V3: guessing limits on one-time codes, code issuing limits per account, the
 * per-IP limit on the public authentication routes, single-use reset links and revoked
 * sessions. Everything goes through the real routes on a real database.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const password = 'rahasia-123';
let n = 0;
async function registered(name: string): Promise<string> {
  n += 1;
  const email = `${name}${n}.${Date.now()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/registrasi',
    payload: { username: name, email, password, password_confirmation: password },
  });
  expect(res.statusCode).toBe(201);
  return email;
}
const loginEmail = (email: string) =>
  app.inject({ method: 'POST', url: '/api/login/email?lang=en', payload: { email, password } });
const otp = (email: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/login/otp?lang=en', payload: { email, code } });

describe('one-time code brute force', () => {
  it('refuses the sixth guess with too-many-attempts, and then even the right code', async () => {
    const email = await registered('guess');
    expect((await loginEmail(email)).statusCode).toBe(200);
    const code = await latestCode(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await otp(email, wrong)).json().code).toBe('invalid-code');
    const sixth = await otp(email, wrong);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      code: 'too-many-attempts',
      message: 'Too many attempts. Try again in a few minutes.',
    });
    const right = await otp(email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('too-many-attempts');
    expect(right.json().data).toBeUndefined();
  });

  it('refuses a sixth code within ten minutes for one account', async () => {
    const email = await registered('flood');
    for (let i = 0; i < 5; i++) expect((await loginEmail(email)).statusCode).toBe(200);
    const sixth = await loginEmail(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('too-many-attempts');
    const outbox = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    });
    const codes = outbox.json().data.filter((m: { body: string }) => /\b\d{6}\b/.test(m.body));
    expect(codes).toHaveLength(5);
  });

  it('does not reveal whether an account exists on a wrong password', async () => {
    const email = await registered('exists');
    const known = await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email, password: 'salah-salah' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email: `nobody.${Date.now()}@example.com`, password: 'salah-salah' },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });
});

describe('per-IP limit on the public authentication routes', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  const routes: { url: string; payload: Record<string, string> }[] = [
    { url: '/api/login/email', payload: { email: 'a@example.com', password: 'salah-salah' } },
    { url: '/api/login/otp', payload: { email: 'a@example.com', code: '123456' } },
    { url: '/api/forgetPassword', payload: { email: 'a@example.com' } },
    {
      url: '/api/reset/password?signature=x.y',
      payload: { password: 'baru-12345', password_confirmation: 'baru-12345' },
    },
  ];

  for (const route of routes) {
    it(`answers 429 rate-limited with a translated message past the limit on ${route.url}`, async () => {
      const send = (ip: string, lang: string) =>
        limited.inject({
          method: 'POST',
          url: `${route.url}${route.url.includes('?') ? '&' : '?'}lang=${lang}`,
          payload: route.payload,
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await send('203.0.113.7', 'en')).statusCode).not.toBe(429);
      const over = await send('203.0.113.7', 'en');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: 'rate-limited', message: 'Too many requests. Try again shortly.' });
      const overId = await send('203.0.113.7', 'id');
      expect(overId.json()).toEqual({
        code: 'rate-limited',
        message: 'Terlalu banyak permintaan. Coba lagi sebentar lagi.',
      });
      expect(over.headers['retry-after']).toBeDefined();
      // Another address still gets through: the limit is per IP.
      expect((await send('198.51.100.9', 'en')).statusCode).not.toBe(429);
    });
  }
});

describe('reset links and sessions', () => {
  async function resetLink(email: string): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/forgetPassword', payload: { email } });
    const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const mail = res.json().data.find((m: { body: string }) => m.body.includes('/reset/password'));
    return decodeURIComponent(mail.body.match(/signature=([^\s]+)/)[1]);
  }
  const reset = (signature: string, pw: string) =>
    app.inject({
      method: 'POST',
      url: `/api/reset/password?signature=${encodeURIComponent(signature)}`,
      payload: { password: pw, password_confirmation: pw },
    });

  it('a reset link works once', async () => {
    const email = await registered('reset');
    const signature = await resetLink(email);
    expect((await reset(signature, 'baru-12345')).statusCode).toBe(200);
    const again = await reset(signature, 'lagi-12345');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid-link');
  });

  it('a reset link dies when the password changes another way', async () => {
    const user = await signUp(app, 'changer');
    const signature = await resetLink(user.email);
    const change = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: user.auth,
      payload: { old_password: password, new_password: 'ganti-12345', confirm_password: 'ganti-12345' },
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(signature, 'curang-12345')).json().code).toBe('invalid-link');
  });

  it('a password reset signs out every session', async () => {
    const user = await signUp(app, 'victim');
    const signature = await resetLink(user.email);
    expect((await reset(signature, 'baru-12345')).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
    expect(me.statusCode).toBe(401);
  });

  it('a token from logout is dead on every route', async () => {
    const user = await signUp(app, 'logout');
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: user.auth })).statusCode).toBe(
      200,
    );
    for (const url of ['/api/user', '/api/farm']) {
      const res = await app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('session-expired');
    }
    const again = await app.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a forged bearer token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
