import { expect, test } from '@playwright/test';
import { BackgroundSync } from './support/chromium';

test.use({ viewport: { width: 360, height: 800 } });

type Shown = { title: string; body: string; tag: string; url: string | undefined };
const shown = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  }) as Promise<Shown[]>;

test('the service worker shows a chat push as a notification and ignores a malformed one', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  const worker = await BackgroundSync.attach(context);

  // Not JSON, and JSON of the wrong shape: nothing shown, nothing thrown.
  await worker.push('bukan json');
  await worker.push(JSON.stringify({ title: 1 }));
  await worker.push(
    JSON.stringify({
      title: 'Tambak Sejahtera',
      body: 'Ani: DO kolam 3 turun ke 3,1',
      url: '/chat?group_id=tambak_1',
      tag: 'group_tambak_1',
    }),
  );
  await expect.poll(() => shown(page)).toHaveLength(1);
  expect((await shown(page))[0]).toEqual({
    title: 'Tambak Sejahtera',
    body: 'Ani: DO kolam 3 turun ke 3,1',
    tag: 'group_tambak_1',
    url: '/chat?group_id=tambak_1',
  });

  // A payload pointing off-site is shown with the app's chat path instead.
  await worker.push(
    JSON.stringify({ title: 'Budi', body: 'halo', url: 'https://evil.example/x', tag: 'user_a_b' }),
  );
  await expect.poll(async () => (await shown(page)).find((n) => n.tag === 'user_a_b')?.url).toBe('/chat');
});
