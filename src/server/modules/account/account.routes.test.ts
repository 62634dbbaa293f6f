import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const password = 'rahasia-123';
const register = (email: string, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/registrasi',
    payload: { username: 'Budi', email, password, password_confirmation: password, ...extra },
  });

async function outboxLink(to: string, path: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` });
  const body: string = res.json().data.find((m: { body: string }) => m.body.includes(path)).body;
  return decodeURIComponent(body.match(/signature=([^\s]+)/)![1]);
}

describe('POST /api/registrasi', () => {
  it('creates the user and refuses the same email twice with a translated message', async () => {
    expect((await register('dup@example.com')).statusCode).toBe(201);
    const again = await app.inject({
      method: 'POST',
      url: '/api/registrasi?lang=en',
      payload: { username: 'B', email: 'DUP@example.com', password, password_confirmation: password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'email-taken', message: 'This email is already registered.' });
  });

  it('answers 400 with field errors in Indonesian by default', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/registrasi', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Format email tidak valid.']);
    expect(res.json().errors.username).toEqual(['Wajib diisi.']);
  });
});

describe('sign-in with a one-time code', () => {
  it('signs in by email + password + code, and the code works only once', async () => {
    await register('once@example.com');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email: 'once@example.com', password },
    });
    expect(login.json().data).toEqual({ channel: 'email', destination: 'on••@example.com' });
    const code = await latestCode(app, 'once@example.com');
    const first = await app.inject({
      method: 'POST',
      url: '/api/login/otp',
      payload: { email: 'once@example.com', code },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.token).toHaveLength(43);
    const reused = await app.inject({
      method: 'POST',
      url: '/api/login/otp',
      payload: { email: 'once@example.com', code },
    });
    expect(reused.json().code).toBe('code-expired');
  });

  it('refuses a wrong password without sending a code', async () => {
    await register('wrong@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email: 'wrong@example.com', password: 'nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid-credentials');
  });

  it('locks a code after five wrong guesses', async () => {
    await register('guess@example.com');
    await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email: 'guess@example.com', password },
    });
    const code = await latestCode(app, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/otp',
        payload: { email: 'guess@example.com', code: wrong },
      });
      expect(res.json().code).toBe('invalid-code');
    }
    const right = await app.inject({
      method: 'POST',
      url: '/api/login/otp',
      payload: { email: 'guess@example.com', code },
    });
    expect(right.json().code).toBe('too-many-attempts');
  });

  it('signs in by phone with a code sent by SMS', async () => {
    await register('phone@example.com', { phone: '0812-3456-7890' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/phone',
      payload: { phone: '081234567890' },
    });
    expect(res.json().data.channel).toBe('sms');
    const code = await latestCode(app, '+6281234567890');
    const otp = await app.inject({
      method: 'POST',
      url: '/api/login/otp',
      payload: { phone: '+6281234567890', code },
    });
    expect(otp.json().data.user.phone).toBe('+6281234567890');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const user = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: user.auth })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
    const after = await app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session-expired');
  });

  it('answers 401 unauthenticated without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user' });
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('password reset and email verification links', () => {
  it('resets the password once; the link dies after use', async () => {
    await register('reset@example.com');
    await app.inject({ method: 'POST', url: '/api/forgetPassword', payload: { email: 'reset@example.com' } });
    const signature = await outboxLink('reset@example.com', '/reset/password');
    const url = `/api/reset/password?signature=${encodeURIComponent(signature)}`;
    const body = { password: 'baru-12345', password_confirmation: 'baru-12345' };
    expect((await app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url, payload: body })).json().code).toBe('invalid-link');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/email',
      payload: { email: 'reset@example.com', password: 'baru-12345' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a tampered link', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reset/password?signature=eyJ1aWQiOiJ4In0.tampered-mac',
      payload: { password: 'baru-12345', password_confirmation: 'baru-12345' },
    });
    expect(res.json().code).toBe('invalid-link');
  });

  it('verifies the email from the registration mail', async () => {
    const user = await signUp(app, 'verify');
    const signature = await outboxLink(user.email, '/email-verification');
    const res = await app.inject({ method: 'POST', url: '/api/email-verification', payload: { signature } });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
    expect(me.json().data.email_verified).toBe(true);
  });
});

describe('profile', () => {
  it('takes a photo of its own uploads or an https address; refuses a javascript:, data: or http address, or text, with a field message', async () => {
    const user = await signUp(app, 'photo');
    const put = (photo: unknown) =>
      app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: user.auth,
        payload: { username: 'Bu Sri', photo },
      });
    for (const photo of [
      '/api/files/0195f1b8-7c2e-7000-8000-000000000001',
      'https://lh3.example.com/a/x=s96',
      null,
    ]) {
      const ok = await put(photo);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.photo).toBe(photo);
    }
    for (const photo of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://tracker.example/p.gif',
      'foto saya',
      '/api/files/../x',
      'https://a b',
    ]) {
      const bad = await put(photo);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors ?? {})).toContain('photo');
    }
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
    expect(me.json().data.photo).toBeNull();
  });

  it('updates the profile and changes the password with the old one', async () => {
    const user = await signUp(app, 'profile');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: user.auth,
      payload: { username: 'Pak Joko', city: 'Tuban' },
    });
    expect(put.json().data).toMatchObject({ username: 'Pak Joko', city: 'Tuban' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: user.auth,
      payload: { old_password: 'salah-salah', new_password: 'baru-12345', confirm_password: 'baru-12345' },
    });
    expect(bad.json().errors.old_password).toBeDefined();
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: user.auth,
      payload: { old_password: 'rahasia-123', new_password: 'baru-12345', confirm_password: 'baru-12345' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
