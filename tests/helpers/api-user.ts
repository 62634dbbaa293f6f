import type { App } from '../../src/server/app.ts';

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** Reads the newest sign-in code sent to `to` from the dev outbox, as a person reads their mail. */
export async function latestCode(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const entry = res.json().data.find((m: { body: string }) => /\b\d{6}\b/.test(m.body));
  if (!entry) throw new Error(`no code in the outbox for ${to}`);
  return entry.body.match(/\b(\d{6})\b/)[1];
}

/** Registers a user and signs in through email + password + code, returning the session. */
export async function signUp(app: App, name = 'user'): Promise<TestUser> {
  counter += 1;
  const email = `${name}${counter}.${Date.now()}@example.com`.toLowerCase();
  const password = 'rahasia-123';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/registrasi',
    payload: { username: `${name} ${counter}`, email, password, password_confirmation: password },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/login/email', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const code = await latestCode(app, email);
  const otp = await app.inject({ method: 'POST', url: '/api/login/otp', payload: { email, code } });
  if (otp.statusCode !== 200) throw new Error(`otp failed: ${otp.body}`);
  const { token, user } = otp.json().data;
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
