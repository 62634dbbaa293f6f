import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '#test/helpers/api-user';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import { createFarmFixture, quickUser } from '../../authz/fixture.ts';
import type { FarmFixture, FixtureUser } from '../../authz/types.ts';

/**
 * Invitations make sense to the invitee (issue 12 point 6): the mail (read from the dev
 * outbox, as the person reads it) is in the invitee's language when they have an
 * account, else in the inviter's (a farm has no language); it names the farm and the
 * inviter; an existing user gets a link to the farm, a new person a registration link
 * whose signed token makes the new account the invited member, whatever email they
 * register with, and answers the farm to open.
 */
let app: App;
let admin: FixtureUser;
let farm: FarmFixture;
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'Bu Ratna');
  farm = await createFarmFixture(app, admin, 'Undangan');
});
afterAll(() => app.close());

const PUBLIC = 'http://localhost:3000';
const setUser = (id: string, patch: { language?: string; password_hash?: string }) =>
  app.ctx.db.updateTable('users').set(patch).where('id', '=', id).execute();
const invite = (body: object, lang = 'id') =>
  app.inject({
    method: 'POST',
    url: `/api/userFarm?lang=${lang}`,
    headers: admin.auth,
    payload: { farm_id: farm.farmId, ponds: [], role_id: 3, ...body },
  });
const mail = async (to: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [latest] = res.json().data as { subject: string; body: string }[];
  if (!latest) throw new Error(`no mail to ${to}`);
  return latest;
};
const linkIn = (body: string) => body.match(/https?:\/\/\S+/)?.[0] ?? '';
const tokenIn = (body: string) => decodeURIComponent(new URL(linkIn(body)).searchParams.get('invite') ?? '');
const register = (payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/registrasi?lang=en',
    payload: { password: 'rahasia-123', password_confirmation: 'rahasia-123', ...payload },
  });
async function signIn(email: string): Promise<{ authorization: string }> {
  await app.inject({ method: 'POST', url: '/api/login/email', payload: { email, password: 'rahasia-123' } });
  const otp = await app.inject({
    method: 'POST',
    url: '/api/login/otp',
    payload: { email, code: await latestCode(app, email) },
  });
  return { authorization: `Bearer ${otp.json().data.token}` };
}

describe('the invitation mail', () => {
  it('reaches an existing user in their own language, naming farm and inviter, with a link to the farm', async () => {
    const user = await quickUser(app, 'Joko');
    await setUser(user.id, { language: 'en', password_hash: 'set' });
    await setUser(admin.id, { language: 'id' });
    expect((await invite({ email: user.email })).statusCode).toBe(201);
    const m = await mail(user.email);
    expect(m.subject).toBe(`Bu Ratna invited you to the farm ${farm.farmName}`);
    expect(m.body).toBe(
      `Bu Ratna added you to the farm ${farm.farmName} in the Tambak app. Open the farm here: ${PUBLIC}/farm/${farm.farmId}`,
    );
  });

  it('is Indonesian for an existing user whose language is Indonesian, whatever the inviter’s', async () => {
    const user = await quickUser(app, 'Wati');
    await setUser(user.id, { language: 'id', password_hash: 'set' });
    await setUser(admin.id, { language: 'en' });
    expect((await invite({ email: user.email }, 'en')).statusCode).toBe(201);
    const m = await mail(user.email);
    expect(m.subject).toBe(`Bu Ratna mengundang Anda ke tambak ${farm.farmName}`);
    expect(m.body).toContain(`Buka tambaknya di sini: ${PUBLIC}/farm/${farm.farmId}`);
  });

  it('reaches a new person in the inviter’s language with a registration link', async () => {
    await setUser(admin.id, { language: 'en' });
    const email = `baru.${Date.now()}@example.com`;
    // The request's own language does not decide: the inviter's stored one does.
    expect((await invite({ email }, 'id')).statusCode).toBe(201);
    const m = await mail(email);
    expect(m.subject).toBe(`Bu Ratna invited you to the farm ${farm.farmName}`);
    expect(m.body).toContain('You have no account yet: register through this link');
    expect(linkIn(m.body)).toMatch(new RegExp(`^${PUBLIC}/register\\?invite=`));
    await setUser(admin.id, { language: 'id' });
    const other = `baru.id.${Date.now()}@example.com`;
    await invite({ email: other }, 'en');
    const id = await mail(other);
    expect(id.subject).toBe(`Bu Ratna mengundang Anda ke tambak ${farm.farmName}`);
    expect(id.body).toContain('Anda belum punya akun: daftar lewat tautan ini');
  });

  it('goes by SMS with the same registration link to a new person invited by phone', async () => {
    const phone = '+6281277770001';
    expect((await invite({ phone, username: 'Pak Darto' })).statusCode).toBe(201);
    const m = await mail(phone);
    expect(m.body).toContain('Bu Ratna');
    expect(linkIn(m.body)).toContain('/register?invite=');
  });
});

describe('registering through the invitation link', () => {
  it('makes the new account the member, answers the farm, and the farm is theirs after sign-in', async () => {
    const invited = `diundang.${Date.now()}@example.com`;
    await invite({ email: invited });
    const token = tokenIn((await mail(invited)).body);
    // They register with another address than the one invited: still the invited member.
    const own = `pribadi.${Date.now()}@example.com`;
    const reg = await register({ username: 'Sari', email: own, invite: token });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().data).toMatchObject({ farm_id: farm.farmId, user: { email: own, username: 'Sari' } });
    const auth = await signIn(own);
    const farms = await app.inject({ method: 'GET', url: '/api/farm', headers: auth });
    expect(
      farms.json().data.map((f: { farm_id: string; role_id: number }) => [f.farm_id, f.role_id]),
    ).toEqual([[farm.farmId, 3]]);
    expect(await app.ctx.users.findByEmail(invited)).toBeUndefined();

    // The link works once: the account now has a password.
    const again = await register({
      username: 'Lain',
      email: `lain.${Date.now()}@example.com`,
      invite: token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'invalid-link',
      message: 'The link is not valid or has expired.',
      errors: { invite: ['The link is not valid or has expired.'] },
    });
  });

  it('refuses a forged token and the link of an invitation withdrawn since', async () => {
    const forged = await register({ username: 'X', email: `x.${Date.now()}@example.com`, invite: 'abc.def' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid-link');

    const email = `ditarik.${Date.now()}@example.com`;
    const res = await invite({ email });
    const token = tokenIn((await mail(email)).body);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/userFarm/${res.json().data.user_farm_id}/delete`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    const late = await register({ username: 'Telat', email, invite: token });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid-link');
  });

  it('refuses an email that belongs to someone else', async () => {
    const email = `tamu.${Date.now()}@example.com`;
    await invite({ email });
    const token = tokenIn((await mail(email)).body);
    const someone = await quickUser(app, 'someone');
    const taken = await register({ username: 'Ambil', email: someone.email, invite: token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email-taken');
  });
});
