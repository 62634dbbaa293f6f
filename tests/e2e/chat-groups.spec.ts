import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { ChatGroupsPage } from './pages/chat-groups-page.ts';
import { ApiAs, type ApiUser, apiShareFarm, apiSignUp } from './support/api-setup.ts';
import { type AxeFinding, axeScan, axeSummary, blocking } from './support/axe.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { inMatrix } from './support/matrix.ts';
import { test } from './support/test.ts';

const LANGS = ['id', 'en'] as const;
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
];

/**
 * Chat groups with three people on three devices (seed 001 §2 Groups, §4 Groups, §5 create
 * group, §6 every permission case), the farm chat group that follows the farm's users, and
 * the groups screens at phone and desktop width in both languages (test-results/chat-groups).
 */

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

/** A person with a chat account (the chat mirrors app users on their first chat read). */
async function chatUser(request: APIRequestContext, name: string, t: string): Promise<ApiUser> {
  const user = await apiSignUp(request, `${name} ${t}`, uniqueEmail(`${name.toLowerCase()}.${t}`));
  await new ApiAs(request, user.token).get('/chat/users');
  return user;
}

/** Raw calls, for checking what the server refuses. */
function chatApi(request: APIRequestContext, user: ApiUser) {
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    status: async (method: 'post' | 'put', path: string, data: unknown = {}) =>
      (await request[method](`/api/chat${path}`, { headers, data })).status(),
    members: async (guid: string) => {
      const res = await request.get(`/api/chat/groups/${guid}/members`, { headers });
      return (await res.json()).data as { uid: string; name: string; scope: string }[];
    },
  };
}

async function uidOf(api: ReturnType<typeof chatApi>, guid: string, name: string): Promise<string> {
  const member = (await api.members(guid)).find((m) => m.name === name);
  if (!member) throw new Error(`${name} is not a member of ${guid}`);
  return member.uid;
}

/** The controls a row offers (scope select, kick, ban, unban). */
const controls = (row: Locator) => row.locator('select, button');

test.describe('chat groups', () => {
  test('create, password join, scopes and every §6 permission case across three devices', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = tag();
    const [ani, budi, citra] = await Promise.all([
      chatUser(request, 'Ani', t),
      chatUser(request, 'Budi', t),
      chatUser(request, 'Citra', t),
    ]);
    await apiShareFarm(request, ani, [budi, citra]);
    const groupName = `Tambak Udang ${t}`;
    const password = 'udang-vaname';

    // Ani creates a password group in the UI; a blank form first shows the seed's messages.
    const owner = await ChatGroupsPage.signedIn(browser, request, ani);
    await owner.open();
    await (await owner.createButton()).click();
    const create = owner.dialog;
    await expect(create.getByRole('heading', { name: 'Buat grup' })).toBeVisible();
    await create.getByRole('button', { name: 'Buat', exact: true }).click();
    await expect(create.getByText('Nama grup tidak boleh kosong')).toBeVisible();
    await expect(create.getByText('Jenis grup tidak boleh kosong')).toBeVisible();
    await expect(create.getByLabel('Kata sandi grup')).toHaveCount(0);
    await create.getByLabel('Nama grup').fill(groupName);
    await create.getByLabel('Jenis grup').selectOption({ label: 'Dilindungi kata sandi' });
    await create.getByRole('button', { name: 'Buat', exact: true }).click();
    await expect(create.getByText('Kata sandi grup tidak boleh kosong')).toBeVisible();
    await create.getByLabel('Kata sandi grup').fill(password);
    await create.getByRole('button', { name: 'Buat', exact: true }).click();
    await expect(owner.dialog).toHaveCount(0);
    await expect(owner.title).toHaveText(groupName);
    await expect(owner.status).toHaveText('1 anggota');
    await expect(owner.list.locator('.groups-item').first()).toContainText(groupName);
    await expect(owner.item(groupName)).toHaveAttribute('aria-current', 'true');
    const guid = (await owner.item(groupName).getAttribute('data-guid')) ?? '';
    expect(guid).toMatch(/^group_\d+/);
    const aniApi = chatApi(request, ani);
    const budiApi = chatApi(request, budi);
    const citraApi = chatApi(request, citra);

    // Budi joins with the password: a wrong one is refused with the translated message.
    const member = await ChatGroupsPage.signedIn(browser, request, budi);
    await member.open();
    await expect(member.item(groupName)).toContainText('Belum bergabung');
    await expect(member.item(groupName).getByText('Grup berkata sandi')).toBeAttached();
    await member.openGroup(groupName);
    const join = member.dialog;
    await expect(join.getByRole('heading', { name: `Gabung ke ${groupName}` })).toBeVisible();
    await join.getByLabel('Kata sandi grup').fill('salah-sandi');
    await join.getByRole('button', { name: 'Gabung', exact: true }).click();
    await expect(join.getByText('Kata sandi grup salah.')).toBeVisible();
    await join.getByLabel('Kata sandi grup').fill(password);
    await join.getByRole('button', { name: 'Gabung', exact: true }).click();
    await expect(member.dialog).toHaveCount(0);
    await expect(member.title).toHaveText(groupName);
    await expect(member.status).toHaveText('2 anggota');
    // Ani's header follows live.
    await expect(owner.status).toHaveText('2 anggota');

    // Citra joins (through the API: the UI join was shown above) and opens the group.
    expect(await citraApi.status('post', `/groups/${guid}/join`, { password })).toBe(200);
    const third = await ChatGroupsPage.signedIn(browser, request, citra);
    await third.open();
    await third.openGroup(groupName);
    await expect(third.title).toHaveText(groupName);
    await expect(owner.status).toHaveText('3 anggota');

    // A participant sees no kick, ban or scope controls, no banned list and no add members.
    await third.openDetails();
    await expect(third.details.getByRole('button', { name: 'Tambah anggota' })).toHaveCount(0);
    await expect(third.details.getByRole('button', { name: 'Lihat anggota diblokir' })).toHaveCount(0);
    await expect(third.details.getByRole('button', { name: 'Hapus grup' })).toHaveCount(0);
    await expect(third.details.getByRole('button', { name: 'Keluar dari grup' })).toBeVisible();
    await third.details.getByRole('button', { name: 'Lihat anggota', exact: true }).click();
    await expect(third.memberRow(third.dialog, ani.name)).toContainText('Pemilik');
    await expect(third.memberRow(third.dialog, 'Anda')).toBeVisible();
    await expect(third.dialog.locator('.groups-member')).toHaveCount(3);
    await expect(third.dialog.locator('.groups-member select, .groups-member button')).toHaveCount(0);
    await third.page.keyboard.press('Escape');

    // Ani makes Budi a moderator in the members modal; Budi's open details close (own scope change).
    await member.openDetails();
    await owner.openDetails();
    await expect(owner.details.getByRole('button', { name: 'Hapus grup' })).toBeVisible();
    // The owner is the only admin: leaving is not offered.
    await expect(owner.details.getByRole('button', { name: 'Keluar dari grup' })).toHaveCount(0);
    await owner.details.getByRole('button', { name: 'Lihat anggota', exact: true }).click();
    await expect(owner.memberRow(owner.dialog, 'Anda')).toContainText('Pemilik');
    await expect(controls(owner.memberRow(owner.dialog, 'Anda'))).toHaveCount(0);
    await owner.memberRow(owner.dialog, budi.name).getByRole('combobox').selectOption('moderator');
    await expect(owner.memberRow(owner.dialog, budi.name)).toContainText('Moderator');
    await expect(member.details).toHaveCount(0);

    // The moderator: banned list offered, add members not; only participant/moderator options
    // on a participant, nothing on the owner (an admin); the server refuses a direct call.
    await member.openDetails();
    await expect(member.details.getByRole('button', { name: 'Lihat anggota diblokir' })).toBeVisible();
    await expect(member.details.getByRole('button', { name: 'Tambah anggota' })).toHaveCount(0);
    await member.details.getByRole('button', { name: 'Lihat anggota', exact: true }).click();
    await expect(controls(member.memberRow(member.dialog, ani.name))).toHaveCount(0);
    const citraRow = member.memberRow(member.dialog, citra.name);
    await expect(citraRow.getByRole('combobox').locator('option')).toHaveText(['Moderator', 'Peserta']);
    await expect(citraRow.getByRole('button', { name: `Keluarkan ${citra.name}` })).toBeVisible();
    await member.page.keyboard.press('Escape');
    const aniUid = await uidOf(aniApi, guid, ani.name);
    const budiUid = await uidOf(aniApi, guid, budi.name);
    const citraUid = await uidOf(aniApi, guid, citra.name);
    expect(await budiApi.status('post', `/groups/${guid}/members/${aniUid}/kick`)).toBe(403);
    expect(
      await budiApi.status('put', `/groups/${guid}/members/${aniUid}/scope`, { scope: 'participant' }),
    ).toBe(403);
    expect(await budiApi.status('put', `/groups/${guid}/members/${citraUid}/scope`, { scope: 'admin' })).toBe(
      403,
    );

    // Ani kicks Citra: Citra's open group closes and the group shows not joined.
    const kickRow = owner.memberRow(owner.dialog, citra.name);
    await kickRow.getByRole('button', { name: `Keluarkan ${citra.name}` }).click();
    await owner.page.getByRole('button', { name: 'Keluarkan', exact: true }).click();
    await expect(owner.memberRow(owner.dialog, citra.name)).toHaveCount(0);
    await expect(third.title).toHaveCount(0);
    await expect(third.details).toHaveCount(0);
    await expect(third.item(groupName)).toContainText('Belum bergabung');
    await expect(owner.status).toHaveText('2 anggota');
    // The action message names both people (actor_name / target_name from the server).
    await expect(
      member.page.locator('.chat-system', { hasText: `${ani.name} mengeluarkan ${citra.name}` }),
    ).toBeVisible();
    await expect(
      owner.page.locator('.chat-system', { hasText: `Anda mengeluarkan ${citra.name}` }),
    ).toBeVisible();

    // Citra joins again in the UI, then Ani bans her: her view resets, she is in the banned list.
    await third.openGroup(groupName);
    await third.dialog.getByLabel('Kata sandi grup').fill(password);
    await third.dialog.getByRole('button', { name: 'Gabung', exact: true }).click();
    await expect(third.title).toHaveText(groupName);
    await expect(owner.memberRow(owner.dialog, citra.name)).toBeVisible();
    await owner
      .memberRow(owner.dialog, citra.name)
      .getByRole('button', { name: `Blokir ${citra.name}` })
      .click();
    await owner.page.getByRole('button', { name: 'Blokir', exact: true }).click();
    await expect(owner.memberRow(owner.dialog, citra.name)).toHaveCount(0);
    await expect(third.title).toHaveCount(0);
    await expect(third.item(groupName)).toContainText('Belum bergabung');
    await owner.page.keyboard.press('Escape');
    const bannedSection = owner.details.locator('section', { hasText: 'Anggota diblokir' });
    await expect(owner.memberRow(bannedSection, citra.name)).toBeVisible();
    expect(await citraApi.status('post', `/groups/${guid}/join`, { password })).toBe(403);

    // Ani unbans Citra in the banned members modal.
    await owner.details.getByRole('button', { name: 'Lihat anggota diblokir' }).click();
    await expect(owner.dialog.getByRole('heading', { name: 'Anggota diblokir' })).toBeVisible();
    await owner
      .memberRow(owner.dialog, citra.name)
      .getByRole('button', { name: `Buka blokir ${citra.name}` })
      .click();
    await expect(owner.dialog.getByText('Tidak ada anggota yang diblokir')).toBeVisible();
    await owner.page.keyboard.press('Escape');
    await expect(owner.memberRow(bannedSection, citra.name)).toHaveCount(0);

    // Budi and Citra become admins; Budi, an admin but not the owner, may act on neither the
    // owner nor another admin, and the server agrees.
    expect(await aniApi.status('put', `/groups/${guid}/members/${budiUid}/scope`, { scope: 'admin' })).toBe(
      200,
    );
    expect(await citraApi.status('post', `/groups/${guid}/join`, { password })).toBe(200);
    expect(await aniApi.status('put', `/groups/${guid}/members/${citraUid}/scope`, { scope: 'admin' })).toBe(
      200,
    );
    await expect(member.details).toHaveCount(0);
    await member.openDetails();
    await expect(member.details.getByRole('button', { name: 'Tambah anggota' })).toBeVisible();
    await member.details.getByRole('button', { name: 'Lihat anggota', exact: true }).click();
    await expect(member.memberRow(member.dialog, citra.name)).toContainText('Administrator');
    await expect(controls(member.memberRow(member.dialog, citra.name))).toHaveCount(0);
    await expect(controls(member.memberRow(member.dialog, ani.name))).toHaveCount(0);
    await member.page.keyboard.press('Escape');
    expect(await budiApi.status('post', `/groups/${guid}/members/${citraUid}/kick`)).toBe(403);
    expect(await budiApi.status('post', `/groups/${guid}/members/${aniUid}/ban`)).toBe(403);
    // The owner may act on an admin: the controls are there for Citra.
    await owner.details.getByRole('button', { name: 'Lihat anggota', exact: true }).click();
    const ownerView = owner.memberRow(owner.dialog, citra.name);
    await expect(ownerView.getByRole('combobox').locator('option')).toHaveText([
      'Administrator',
      'Moderator',
      'Peserta',
    ]);
    await owner.page.keyboard.press('Escape');

    // With other admins the owner may leave; Ani deletes the group instead: gone everywhere.
    await expect(owner.details.getByRole('button', { name: 'Keluar dari grup' })).toBeVisible();
    await owner.details.getByRole('button', { name: 'Hapus grup' }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Hapus grup' }).click();
    await expect(owner.item(groupName)).toHaveCount(0);
    await expect(owner.title).toHaveCount(0);
    await expect(member.item(groupName)).toHaveCount(0);
    await expect(member.title).toHaveCount(0);

    await Promise.all([owner.close(), member.close(), third.close()]);
  });

  test('a farm has its chat group, which follows the farm users', async ({ browser, request }) => {
    const t = tag();
    const [eko, dedi] = await Promise.all([chatUser(request, 'Eko', t), chatUser(request, 'Dedi', t)]);
    const ekoApi = new ApiAs(request, eko.token);
    const farmName = `Tambak Pantai ${t}`;
    const { farm_id: farmId } = await ekoApi.post<{ farm_id: string }>('/farm/add', { name: farmName });
    const guid = `tambak_${farmId}`;

    const owner = await ChatGroupsPage.signedIn(browser, request, eko);
    await owner.open();
    await expect(owner.itemByGuid(guid)).toContainText(farmName);
    await expect(owner.itemByGuid(guid)).toContainText('1 anggota');
    await expect(owner.itemByGuid(guid).getByText('Grup privat')).toBeAttached();
    await owner.itemByGuid(guid).locator('.chat-item__open').click();
    await expect(owner.title).toHaveText(farmName);
    await owner.openDetails();
    await expect(owner.details.getByText('Grup tambak: anggotanya mengikuti pengguna tambak.')).toBeVisible();
    // Farm membership is the farm's: no add, leave or delete here.
    await expect(owner.details.getByRole('button', { name: 'Tambah anggota' })).toHaveCount(0);
    await expect(owner.details.getByRole('button', { name: 'Hapus grup' })).toHaveCount(0);
    await expect(owner.details.getByRole('button', { name: 'Keluar dari grup' })).toHaveCount(0);

    // Dedi is added to the farm: he shows among the members, and the group reaches his list live.
    const worker = await ChatGroupsPage.signedIn(browser, request, dedi);
    await worker.open();
    await expect(worker.itemByGuid(guid)).toHaveCount(0);
    const added = await ekoApi.post<{ user_farm_id: string }>('/userFarm', {
      farm_id: farmId,
      email: dedi.email,
      role_id: 3,
      ponds: [],
    });
    await expect(owner.memberRow(owner.details, dedi.name)).toContainText('Peserta');
    await expect(owner.status).toHaveText('2 anggota');
    await expect(worker.itemByGuid(guid)).toContainText(farmName);

    // Taken off the farm, he leaves the group.
    const res = await request.delete(`/api/userFarm/${added.user_farm_id}/delete`, {
      headers: { authorization: `Bearer ${eko.token}` },
    });
    expect(res.status()).toBe(200);
    await expect(owner.memberRow(owner.details, dedi.name)).toHaveCount(0);
    await expect(owner.status).toHaveText('1 anggota');

    await Promise.all([owner.close(), worker.close()]);
  });

  test('/sync-chat-user runs the farm group sync and says when the user may not', async ({
    browser,
    request,
  }) => {
    const t = tag();
    const user = await chatUser(request, 'Fajar', t);
    for (const lang of LANGS) {
      for (const viewport of VIEWPORTS) {
        if (!inMatrix(VIEWPORTS, viewport, LANGS, lang)) continue;
        const ui = await ChatGroupsPage.signedIn(browser, request, user, { viewport, lang });
        await ui.page.goto('/sync-chat-user');
        const id = lang === 'id';
        await expect(
          ui.page.getByRole('heading', { name: id ? 'Sinkronisasi pengguna chat' : 'Sync chat users' }),
        ).toBeVisible();
        await ui.page.getByRole('button', { name: id ? 'Jalankan sinkronisasi' : 'Run sync' }).click();
        // An ordinary user: the server refuses (403) and the screen says why.
        await expect(
          ui.page.getByRole('alert').filter({
            hasText: id
              ? 'Hanya administrator sistem yang dapat menjalankan sinkronisasi.'
              : 'Only system administrators can run the sync.',
          }),
        ).toBeVisible();
        await ui.shot(`sync-${lang}-${viewport.width}`);
        const bad = blocking(await axeScan(ui.page, `sync-chat-user-${lang}-${viewport.width}`));
        expect(bad).toEqual([]);
        await ui.close();
      }
    }
  });

  for (const lang of LANGS) {
    for (const viewport of VIEWPORTS) {
      if (!inMatrix(VIEWPORTS, viewport, LANGS, lang)) continue;
      test(`screens in ${lang} at ${viewport.width}×${viewport.height}`, async ({ browser, request }) => {
        const t = tag();
        const [ani, budi] = await Promise.all([chatUser(request, 'Ani', t), chatUser(request, 'Budi', t)]);
        await apiShareFarm(request, ani, [budi]);
        const aniApi = new ApiAs(request, ani.token);
        const open = await aniApi.post<{ guid: string }>('/chat/groups', {
          name: `Kolam Timur ${t}`,
          type: 'public',
        });
        await aniApi.post('/chat/groups', { name: `Pengurus ${t}`, type: 'private' });
        await aniApi.post('/chat/groups', { name: `Teknisi ${t}`, type: 'password', password: 'rahasia' });
        await new ApiAs(request, budi.token).post(`/chat/groups/${open.guid}/join`, {});
        const ui = await ChatGroupsPage.signedIn(browser, request, ani, { viewport, lang });
        const name = `${lang}-${viewport.width}`;
        const findings: AxeFinding[] = [];
        await ui.open();
        await expect(ui.item(`Teknisi ${t}`)).toBeVisible();
        await ui.shot(`${name}-list`);
        findings.push(...(await axeScan(ui.page, `groups-${name}-list`)));

        await ui.openGroup(`Kolam Timur ${t}`);
        await expect(ui.status).toHaveText(lang === 'id' ? '2 anggota' : '2 members');
        await ui.openDetails();
        await expect(ui.memberRow(ui.details, budi.name)).toBeVisible();
        await ui.shot(`${name}-details`);
        findings.push(...(await axeScan(ui.page, `groups-${name}-details`)));

        await ui.details
          .getByRole('button', { name: lang === 'id' ? 'Lihat anggota' : 'View members', exact: true })
          .click();
        await expect(ui.memberRow(ui.dialog, budi.name).getByRole('combobox')).toBeVisible();
        await ui.shot(`${name}-members`);
        findings.push(...(await axeScan(ui.page, `groups-${name}-members`)));
        await ui.page.keyboard.press('Escape');

        await ui.details
          .getByRole('button', { name: lang === 'id' ? 'Tambah anggota' : 'Add members' })
          .click();
        await expect(
          ui.dialog.getByRole('heading', { name: lang === 'id' ? 'Kontak' : 'Contacts' }),
        ).toBeVisible();
        await expect(ui.dialog.locator('.groups-member, p').first()).toBeVisible();
        await ui.shot(`${name}-add`);
        findings.push(...(await axeScan(ui.page, `groups-${name}-add`)));
        await ui.page.keyboard.press('Escape');

        await ui.details
          .getByRole('button', { name: lang === 'id' ? 'Tutup detail' : 'Close details' })
          .click();
        if (viewport.width < 768) await ui.main.locator('.chat-pane__back').click();
        await (await ui.createButton()).click();
        await ui.dialog.getByRole('button', { name: lang === 'id' ? 'Buat' : 'Create', exact: true }).click();
        await ui.dialog.getByLabel(lang === 'id' ? 'Jenis grup' : 'Group type').selectOption('protected');
        await expect(
          ui.dialog.getByText(lang === 'id' ? 'Nama grup tidak boleh kosong' : 'Group name cannot be blank'),
        ).toBeVisible();
        await ui.shot(`${name}-create`);
        findings.push(...(await axeScan(ui.page, `groups-${name}-create`)));
        const screens = ['list', 'details', 'members', 'add', 'create'].map((s) => `groups-${name}-${s}`);
        console.log(axeSummary(findings, screens));
        expect(blocking(findings)).toEqual([]);
        await ui.close();
      });
    }
  }
});
