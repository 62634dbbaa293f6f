import { type Browser, expect, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/chromium.ts';
import { ApiAs, type ApiUser, apiShareFarm, apiSignUp } from './support/api-setup';
import { test } from './support/test.ts';

/**
 * One-to-one calls between people on separate devices (seed 001 §4): Chromium's fake
 * camera and microphone stand in for the hardware and the peers connect over loopback
 * with no STUN/TURN (ICE_SERVERS unset, the LAN default).
 */
test.use({
  viewport: { width: 360, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** Screenshots for a person to look at, next to the run's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${test.info().project.outputDir}/chat-calls-shots/${name}.png` });
type Lang = 'id' | 'en';
interface Person extends ApiUser {
  id: string;
  api: ApiAs;
}

async function person(request: import('@playwright/test').APIRequestContext, name: string): Promise<Person> {
  // Usernames are unique: a suffix keeps reruns on one database apart.
  const user = await apiSignUp(request, `${name}${Date.now() % 100000}`);
  const api = new ApiAs(request, user.token);
  const me = await api.get<{ id: string }>('/user');
  return { ...user, id: me.id, api };
}

/** A phone of its own (a fresh context) signed in as `who`, in `lang`. */
async function phone(browser: Browser, who: Person, lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    locale: lang === 'id' ? 'id-ID' : 'en-GB',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  const user = await who.api.get('/user');
  await page.addInitScript(
    ([token, u, l]) => {
      localStorage.setItem('tambak:session', JSON.stringify({ token, user: u }));
      localStorage.setItem('tambak:language', l as string);
    },
    [who.token, user, lang] as const,
  );
  return page;
}

/** Opens the one-to-one conversation with `other` from the contacts tab. */
async function openConversation(page: Page, other: Person, lang: Lang): Promise<void> {
  await page.goto('/chat');
  await page.getByRole('button', { name: lang === 'id' ? 'Kontak' : 'Contacts' }).click();
  // The list shows 30 users a page and other specs add many: search as a person would.
  await page
    .getByRole('searchbox', { name: lang === 'id' ? 'Cari pengguna' : 'Search users' })
    .fill(other.name);
  await page.getByRole('button', { name: other.name }).click();
  await expect(page.getByRole('heading', { name: other.name })).toBeVisible();
}

/** The home screen, chat connected in the background: a call must ring here too. */
async function waitOnHome(page: Page, who: Person): Promise<void> {
  await page.goto('/');
  // The chat connects once the first screen is up: wait until the server has this phone's
  // socket (presence online), or a call placed now would find nobody to ring.
  await expect
    .poll(async () => (await who.api.get<{ status: string }>(`/chat/users/${who.id}`)).status, {
      timeout: 30_000,
    })
    .toBe('online');
}

const calls = async (caller: Person, other: Person) => {
  const list = await caller.api.get<{ category: string; data: { customData?: { status: string } } }[]>(
    `/chat/messages?receiver_type=user&receiver=${other.id}&limit=50`,
  );
  return list
    .filter((m) => m.category === 'call')
    .map((m) => m.data.customData?.status ?? '')
    .sort();
};

const remoteAudioLive = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-testid="call-active"] audio') as HTMLAudioElement | null;
    const stream = el?.srcObject as MediaStream | null;
    return stream?.getAudioTracks().some((t) => t.readyState === 'live') ?? false;
  });

test('an audio call placed from the conversation header rings on the home screen, connects with media and ends', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ani = await person(request, 'Ani');
  const budi = await person(request, 'Budi');
  await apiShareFarm(request, ani, [budi]);
  const a = await phone(browser, ani, 'id');
  const b = await phone(browser, budi, 'id');
  await waitOnHome(b, budi);
  await openConversation(a, budi, 'id');

  await a.getByRole('button', { name: `Panggilan suara ke ${budi.name}` }).click();
  const outgoing = a.getByTestId('call-outgoing');
  await expect(outgoing).toContainText(`Memanggil ${budi.name}`);
  await expect(outgoing).toContainText('Panggilan suara');
  await shot(a, 'outgoing-id');

  const incoming = b.getByRole('alertdialog', { name: 'Panggilan masuk' });
  await expect(incoming).toContainText(`${ani.name} memanggil (suara)`);
  expect((await incoming.boundingBox())?.width).toBe(250);
  await shot(b, 'incoming-id');

  await incoming.getByRole('button', { name: 'Terima' }).click();
  for (const p of [a, b]) {
    await expect(p.getByTestId('call-active')).toHaveAttribute('data-rtc-state', 'connected');
    await expect(p.getByTestId('call-active')).toContainText('Tersambung');
    await expect.poll(() => remoteAudioLive(p)).toBe(true);
  }
  await expect(incoming).toBeHidden();
  // The duration counts up from 00:00 once connected.
  await expect(a.getByTestId('call-duration')).not.toHaveText('00:00', { timeout: 5000 });
  await a.getByTestId('call-active').getByRole('button', { name: 'Matikan mikrofon' }).click();
  await expect(a.getByRole('button', { name: 'Nyalakan mikrofon' })).toHaveAttribute('aria-pressed', 'true');
  await shot(a, 'active-id');

  await b.getByTestId('call-active').getByRole('button', { name: 'Akhiri' }).click();
  await expect(a.getByTestId('call-active')).toBeHidden();
  await expect(b.getByTestId('call-active')).toBeHidden();
  expect(await calls(ani, budi)).toEqual(['ended']);
  // The call shows in the caller's message list as a call message.
  await expect(a.getByText('Panggilan selesai').first()).toBeVisible();
  await a.context().close();
  await b.context().close();
});

test('declined, cancelled and busy calls end the way each side expects', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ani = await person(request, 'Ani');
  const budi = await person(request, 'Budi');
  const citra = await person(request, 'Citra');
  await apiShareFarm(request, ani, [budi, citra]);
  const a = await phone(browser, ani, 'en');
  const b = await phone(browser, budi, 'en');
  const c = await phone(browser, citra, 'en');
  await waitOnHome(b, budi);
  await openConversation(a, budi, 'en');
  // Opened before any call: two phones on a video call load this machine's CPU.
  await openConversation(c, budi, 'en');
  const audio = `Audio call ${budi.name}`;
  const incoming = b.getByRole('alertdialog', { name: 'Incoming call' });

  // Declined: the caller's overlay closes with a notice.
  await a.getByRole('button', { name: audio }).click();
  await expect(incoming).toContainText(`${ani.name} is calling (audio)`);
  await shot(b, 'incoming-en');
  await shot(a, 'outgoing-en');
  await incoming.getByRole('button', { name: 'Decline' }).click();
  await expect(a.getByTestId('call-notice')).toContainText(`${budi.name} declined the call.`);
  await expect(a.getByTestId('call-outgoing')).toBeHidden();
  await a.getByTestId('call-notice').getByRole('button', { name: 'Close' }).click();

  // Cancelled by the caller: the ringing stops on the other phone.
  await a.getByRole('button', { name: audio }).click();
  await expect(incoming).toBeVisible();
  await a.getByTestId('call-outgoing').getByRole('button', { name: 'Cancel' }).click();
  await expect(incoming).toBeHidden();
  await expect(a.getByTestId('call-outgoing')).toBeHidden();

  // Busy: Citra calls Budi while Budi talks with Ani.
  await a.getByRole('button', { name: `Video call ${budi.name}` }).click();
  await incoming.getByRole('button', { name: 'Accept' }).click();
  await expect(a.getByTestId('call-active')).toHaveAttribute('data-rtc-state', 'connected');
  const camera = a.getByTestId('call-active').getByRole('button', { name: 'Turn camera off' });
  await expect(camera).toBeVisible();
  await shot(a, 'active-video-en');
  await camera.click();
  await expect(a.getByRole('button', { name: 'Turn camera on' })).toHaveAttribute('aria-pressed', 'true');
  await c.getByRole('button', { name: audio }).click();
  await expect(c.getByTestId('call-notice')).toContainText(`${budi.name} is on another call.`);
  await shot(c, 'busy-en');
  await expect(b.getByTestId('call-active')).toBeVisible(); // Budi's call goes on
  await a.getByTestId('call-active').getByRole('button', { name: 'End', exact: true }).click();
  await expect(b.getByTestId('call-active')).toBeHidden();

  expect(await calls(ani, budi)).toEqual(['cancelled', 'ended', 'rejected']);
  expect(await calls(citra, budi)).toEqual(['busy']);
  for (const p of [a, b, c]) await p.context().close();
});
