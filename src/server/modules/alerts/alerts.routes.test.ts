import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/contracts/notifications';
import { isPushPayload, type PushPayload } from '#shared/contracts/push';
import { wordAlert } from '#shared/i18n/alert-messages';
import type { Language } from '#shared/i18n/language';
import {
  addMember,
  createFarm,
  type FarmSetup,
  type QuickUser,
  quickUser,
} from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';
import type { PushSender } from '../push/public.ts';
import { AlertsRepository } from './alerts.repository.ts';

/** What left for the push services, by endpoint; endpoints in `gone` answer 410 as a dropped browser's do. */
const sent: { endpoint: string; payload: PushPayload }[] = [];
const gone = new Set<string>();
const sender: PushSender = async (subscription, payload) => {
  if (gone.has(subscription.endpoint)) throw Object.assign(new Error('push 410'), { statusCode: 410 });
  const parsed = JSON.parse(String(payload));
  if (!isPushPayload(parsed)) throw new Error('bad payload');
  sent.push({ endpoint: subscription.endpoint, payload: parsed });
  return { statusCode: 201, body: '', headers: {} };
};

let app: App;
let owner: QuickUser;
let manager: QuickUser;
let tech: QuickUser;
let outsider: QuickUser;
let farm: FarmSetup;
const keys = { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI0F9mCdUcLTWw', auth: 'tBHItJI5svbpez7KI4CCXg' };

beforeAll(async () => {
  app = await createTestApp({}, { pushSender: sender });
  owner = await quickUser(app, 'Owner');
  manager = await quickUser(app, 'Manajer');
  tech = await quickUser(app, 'Teknisi');
  outsider = await quickUser(app, 'Luar');
  farm = await createFarm(app, owner, 2);
  await addMember(app, farm.farmId, manager, 2);
  // The technician sees pond 2 only.
  await addMember(app, farm.farmId, tech, 3, { [farm.pondIds[1]]: 1 });
  await app.ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', manager.id).execute();
  for (const u of [owner, manager, tech])
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: u.auth,
      payload: { endpoint: `https://push.example.com/${u.id}`, keys },
    });
});
afterAll(() => app.close());

const bulk = (user: QuickUser, items: unknown[]) =>
  app.inject({ method: 'POST', url: '/api/water/general/bulk', headers: user.auth, payload: { items } });

const reading = (pondId: string, measured_at: string, extra: Record<string, unknown>) => ({
  id: uuidv7(),
  pond_id: pondId,
  measured_at,
  ...extra,
});

const notes = (user: QuickUser) =>
  app.ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).execute();

describe('water readings outside the standard', () => {
  it('alert every user who sees the pond, once per pond, parameter and slot, in their language', async () => {
    const measured = '2025-03-01T06:10:00+07:00';
    const res = await bulk(owner, [reading(farm.pondIds[0], measured, { do: 3.2, ph: 7.9 })]);
    expect(res.json().data.results[0].status).toBe('ok');
    await app.ctx.alerts.idle();
    // Same pond, parameter and morning: nothing new; -99 never alerts.
    await bulk(owner, [
      reading(farm.pondIds[0], '2025-03-01T08:00:00+07:00', { do: 2.9 }),
      reading(farm.pondIds[0], '2025-03-01T09:00:00+07:00', { do: -99, ph: -99 }),
    ]);
    await app.ctx.alerts.idle();
    const forManager = await notes(manager);
    expect(forManager).toHaveLength(1);
    expect(forManager[0]).toMatchObject({
      kind: 'water',
      pond_id: farm.pondIds[0],
      title: 'Water quality outside the standard',
      body: 'Kolam 1: DO 3.2 mg/L below the standard (min 4 mg/L)',
      url: `/farm/${farm.farmId}/pond/${farm.pondIds[0]}`,
    });
    // When it was taken, not when it arrived.
    expect(forManager[0].occurred_at.toISOString()).toBe('2025-02-28T23:10:00.000Z');
    const forOwner = await notes(owner);
    expect(forOwner.map((n) => n.body)).toEqual(['Kolam 1: DO 3,2 mg/L di bawah standar (min 4 mg/L)']);
    expect(await notes(tech)).toHaveLength(0);
    expect(await notes(outsider)).toHaveLength(0);
    const pushed = sent.filter((s) => s.payload.body.includes('DO 3'));
    expect(pushed.map((s) => s.endpoint).sort()).toEqual(
      [`https://push.example.com/${owner.id}`, `https://push.example.com/${manager.id}`].sort(),
    );
    expect(pushed[0].payload.url).toBe(`/farm/${farm.farmId}/pond/${farm.pondIds[0]}`);
  });

  it('alert again in another slot, and a technician with access to that pond', async () => {
    await bulk(owner, [reading(farm.pondIds[1], '2025-03-01T19:00:00+07:00', { ph: 9.1 })]);
    await bulk(owner, [reading(farm.pondIds[1], '2025-03-02T07:00:00+07:00', { ph: 9.2 })]);
    await app.ctx.alerts.idle();
    const forTech = await notes(tech);
    expect(forTech.map((n) => n.body).sort()).toEqual([
      // Each by its slot's range: evening 7.8–8.3, morning 7.5–8.0.
      'Kolam 2: pH 9,1 di atas standar (maks 8,3)',
      'Kolam 2: pH 9,2 di atas standar (maks 8)',
    ]);
  });

  it('follow the farm’s own standards', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/waterSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, settings: [{ parameter: 'salinity', min: 30, max: 35 }] },
    });
    await bulk(owner, [reading(farm.pondIds[0], '2025-03-03T06:00:00+07:00', { salinity: 20 })]);
    await app.ctx.alerts.idle();
    expect(
      (await notes(owner)).some((n) => n.body.includes('Salinitas 20 ppt di bawah standar (min 30 ppt)')),
    ).toBe(true);
  });
});

describe('GET /api/notifications and marking read', () => {
  it('lists the caller’s own, marks one and all read, and ignores ids of others', async () => {
    const list = await app.inject({ url: '/api/notifications', headers: manager.auth });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data;
    expect(first.read_at).toBeNull();
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: outsider.auth,
      payload: { ids: [first.id] },
    });
    expect(foreign.statusCode).toBe(200);
    expect((await notes(manager)).every((n) => n.read_at === null)).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: manager.auth,
      payload: { ids: [first.id] },
    });
    const since = list.json().server_time;
    const changed = await app.inject({ url: `/api/notifications?since=${since}`, headers: manager.auth });
    expect(changed.json().data.find((n: { id: string }) => n.id === first.id).read_at).not.toBeNull();
    await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: owner.auth,
      payload: { until: new Date().toISOString() },
    });
    expect((await notes(owner)).every((n) => n.read_at !== null)).toBe(true);
  });

  it('answers each alert as its message key and values, worded in the reader’s language when shown', async () => {
    // The manager's account says English; a phone of theirs in Indonesian words the same row in Indonesian.
    const list = (await app.inject({ url: '/api/notifications', headers: manager.auth })).json()
      .data as Notification[];
    const low = list.find(
      (n) => n.body_key === 'alert.water-low' && n.body_params?.parameter === 'do',
    ) as Notification;
    expect(low).toMatchObject({
      title_key: 'alert.water-title',
      body_params: { pond: 'Kolam 1', parameter: 'do', value: 3.2, unit: 'mg/L', limit: 4 },
    });
    const shown = (lang: Language) => ({
      title: wordAlert(lang, { key: low.title_key as string, params: low.title_params }),
      body: wordAlert(lang, { key: low.body_key as string, params: low.body_params }),
    });
    expect(shown('id')).toEqual({
      title: 'Kualitas air di luar standar',
      body: 'Kolam 1: DO 3,2 mg/L di bawah standar (min 4 mg/L)',
    });
    expect(shown('en')).toEqual({
      title: 'Water quality outside the standard',
      body: 'Kolam 1: DO 3.2 mg/L below the standard (min 4 mg/L)',
    });
  });

  it('refuses bad bodies with field errors', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: owner.auth,
      payload: { ids: ['nope'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-failed');
  });
});

describe('notification settings', () => {
  it('keeps the kinds to push and quiet hours; a kind switched off is stored but not pushed', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: manager.auth,
      payload: { push_kinds: ['sync', 'invitation'], quiet_from: null, quiet_to: null },
    });
    expect(put.json().data).toEqual({ push_kinds: ['invitation', 'sync'], quiet_from: null, quiet_to: null });
    const before = sent.length;
    await bulk(owner, [reading(farm.pondIds[0], '2025-03-04T06:00:00+07:00', { temperature: 35 })]);
    await app.ctx.alerts.idle();
    expect((await notes(manager)).some((n) => n.body.includes('Temperature 35'))).toBe(true);
    expect(sent.slice(before).map((s) => s.endpoint)).toEqual([`https://push.example.com/${owner.id}`]);
  });

  it('holds pushes in quiet hours (farm time) but stores the alert', async () => {
    const wib = new Date(Date.now() + 7 * 3_600_000);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: owner.auth,
      payload: {
        push_kinds: ['water'],
        quiet_from: hh(wib.getUTCHours() - 1),
        quiet_to: hh(wib.getUTCHours() + 2),
      },
    });
    const before = sent.length;
    await bulk(owner, [reading(farm.pondIds[0], '2025-03-05T06:00:00+07:00', { temperature: 36 })]);
    await app.ctx.alerts.idle();
    expect((await notes(owner)).some((n) => n.body.includes('Suhu 36'))).toBe(true);
    expect(sent.slice(before)).toEqual([]);
  });

  it('needs both bounds of quiet hours and HH:mm', async () => {
    const half = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings?lang=en',
      headers: owner.auth,
      payload: { push_kinds: [], quiet_from: '22:00', quiet_to: null },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.quiet_to).toEqual(['Required.']);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: owner.auth,
      payload: { push_kinds: ['nope'], quiet_from: '25:00', quiet_to: '05:00' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('gone subscriptions', () => {
  it('removes a subscription the push service answers 410 for', async () => {
    const endpoint = `https://push.example.com/${tech.id}`;
    gone.add(endpoint);
    await bulk(owner, [reading(farm.pondIds[1], '2025-03-06T06:00:00+07:00', { do: 1 })]);
    await app.ctx.alerts.idle();
    const left = await app.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', '=', endpoint)
      .execute();
    expect(left).toEqual([]);
    expect((await notes(tech)).some((n) => n.body.includes('DO 1'))).toBe(true);
  });
});

describe('farm alert settings', () => {
  it('answer the default, save for an admin, refuse a technician', async () => {
    const get = await app.inject({ url: `/api/alertSetting?farm_id=${farm.farmId}`, headers: manager.auth });
    expect(get.json().data).toEqual({ farm_id: farm.farmId, death_threshold: 100 });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/alertSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, death_threshold: 250 },
    });
    expect(put.json().data.death_threshold).toBe(250);
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/alertSetting',
      headers: tech.auth,
      payload: { farm_id: farm.farmId, death_threshold: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/alertSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, death_threshold: null },
    });
    expect(off.json().data.death_threshold).toBeNull();
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/alertSetting',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, death_threshold: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a device’s sync failures and invitations', () => {
  it('alerts the device’s owner once a day per device', async () => {
    for (const failed of [3, 4])
      await app
        .inject({
          method: 'POST',
          url: '/api/notifications/sync-failure',
          headers: tech.auth,
          payload: { device_id: 'phone-1', failed },
        })
        .then(() => app.ctx.alerts.idle());
    const sync = (await notes(tech)).filter((n) => n.kind === 'sync');
    expect(sync).toHaveLength(1);
    expect(sync[0]).toMatchObject({
      url: '/sync',
      farm_id: null,
      body_key: 'alert.sync-body',
      body_params: { count: 3 },
    });
    expect(sync[0].body).toContain('3 data');
  });

  it('pushes in the device’s language at the moment it is sent, one record in the singular', async () => {
    await app.ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', tech.id).execute();
    const endpoint = `https://push.example.com/${tech.id}/tablet`;
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: tech.auth,
      payload: { endpoint, keys },
    });
    await app
      .inject({
        method: 'POST',
        url: '/api/notifications/sync-failure',
        headers: tech.auth,
        payload: { device_id: 'phone-2', failed: 1 },
      })
      .then(() => app.ctx.alerts.idle());
    const pushed = sent.filter((s) => s.endpoint === endpoint).at(-1);
    expect(pushed?.payload).toMatchObject({
      title: 'Data not sent',
      body: '1 record on one of your devices failed to send. Open Sync status on that device.',
    });
    const stored = (await notes(tech)).filter((n) => n.kind === 'sync').at(-1);
    expect(stored?.body_params).toEqual({ count: 1 });
    expect(wordAlert('id', { key: stored?.body_key as string, params: stored?.body_params })).toBe(
      '1 data di salah satu perangkat Anda gagal dikirim. Buka Status sinkronisasi di perangkat itu.',
    );
    await app.ctx.db.updateTable('users').set({ language: 'id' }).where('id', '=', tech.id).execute();
  });

  it('tells an invited member in the app', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/userFarm',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, email: outsider.email, role_id: 2, ponds: [] },
    });
    expect(res.statusCode).toBe(201);
    await app.ctx.alerts.idle();
    const invite = (await notes(outsider)).filter((n) => n.kind === 'invitation');
    expect(invite).toHaveLength(1);
    expect(invite[0]).toMatchObject({ url: `/farm/${farm.farmId}`, farm_id: farm.farmId });
    expect(invite[0].body).toContain('Owner');
  });
});

describe('writes that arrive together', () => {
  it('are evaluated as one while an evaluation runs, and none is lost', async () => {
    const inserts = vi.spyOn(AlertsRepository.prototype, 'insert');
    // Six phones' writes committed in the same moment: the first starts at once, the other
    // five wait for it and go as one evaluation (one settings read, one INSERT, one push).
    for (let day = 10; day < 16; day++)
      app.ctx.alerts.committed('water_general', farm.farmId, [
        {
          pond_id: farm.pondIds[0],
          measured_at: new Date(`2025-04-${day}T06:00:00+07:00`),
          utc_offset: 420,
          time_of_day: 'morning',
          do: 2.5,
        },
      ]);
    await app.ctx.alerts.idle();
    expect(inserts).toHaveBeenCalledTimes(2);
    inserts.mockRestore();
    const april = (await notes(manager)).filter((n) => n.occurred_at.toISOString().startsWith('2025-04'));
    expect(april.map((n) => n.occurred_at.toISOString().slice(0, 10)).sort()).toEqual([
      '2025-04-09',
      '2025-04-10',
      '2025-04-11',
      '2025-04-12',
      '2025-04-13',
      '2025-04-14',
    ]);
  });
});

describe('alerts already stored', () => {
  it('are not addressed or sent to the database again, and a new one among them still is', async () => {
    const may = (day: number, extra: Record<string, unknown>) =>
      reading(farm.pondIds[0], `2025-05-0${day}T06:00:00+07:00`, extra);
    await bulk(owner, [may(1, { do: 2.5 })]);
    await app.ctx.alerts.idle();
    const inserts = vi.spyOn(AlertsRepository.prototype, 'insert');
    // The same pond, parameter and morning twice over (one batch, then a later one): nothing
    // left to insert. The next morning's low DO is new and stored.
    await bulk(owner, [may(1, { do: 2.4 }), may(1, { do: 2.3 })]);
    await app.ctx.alerts.idle();
    expect(inserts).not.toHaveBeenCalled();
    await bulk(owner, [may(1, { do: 2.2 }), may(2, { do: 2.1 })]);
    await app.ctx.alerts.idle();
    expect(inserts).toHaveBeenCalledTimes(1);
    const rows = inserts.mock.calls[0][0];
    expect(new Set(rows.map((r) => r.dedup_key)).size).toBe(1);
    expect(rows.every((r) => r.occurred_at.toISOString().startsWith('2025-05-01T23'))).toBe(true);
    inserts.mockRestore();
    // 06:00 at the farm (UTC+7) is 23:00 UTC the day before.
    const mornings = (await notes(manager)).filter((n) =>
      ['2025-04-30T23', '2025-05-01T23'].includes(n.occurred_at.toISOString().slice(0, 13)),
    );
    expect(mornings.map((n) => n.body).sort()).toEqual([
      'Kolam 1: DO 2.1 mg/L below the standard (min 4 mg/L)',
      'Kolam 1: DO 2.5 mg/L below the standard (min 4 mg/L)',
    ]);
  });
});
