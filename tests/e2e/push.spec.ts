import { expect } from '@playwright/test';
import { BackgroundSync } from './support/chromium';
import { test } from './support/test.ts';

test.use({ viewport: { width: 360, height: 800 } });

type Shown = { title: string; body: string; tag: string; url: string | undefined };

/**
 * What the worker asked the browser to show. Headless Chromium's own notification store
 * (`registration.getNotifications()`) now and then stays empty after the worker's
 * showNotification() resolved (seen about one run in fifteen, the worker's log showing the
 * call done): the calls are recorded in the worker itself, around the real method.
 */
async function recordShown(context: import('@playwright/test').BrowserContext) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    // The worker's global, typed by hand: the tests' TypeScript has no webworker lib.
    type Show = (title: string, options?: NotificationOptions) => Promise<void>;
    const scope = self as unknown as { registration: { showNotification: Show }; __shown: Shown[] };
    scope.__shown = [];
    const real = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
      const url = (options?.data as { url?: string } | undefined)?.url;
      scope.__shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '', url });
      return real(title, options);
    };
  });
  return () => worker.evaluate(() => (self as unknown as { __shown: Shown[] }).__shown) as Promise<Shown[]>;
}

test('the service worker shows a chat push as a notification and ignores a malformed one', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  const worker = await BackgroundSync.attach(context);
  const shown = await recordShown(context);

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
  await expect.poll(() => shown()).toHaveLength(1);
  expect((await shown())[0]).toEqual({
    title: 'Tambak Sejahtera',
    body: 'Ani: DO kolam 3 turun ke 3,1',
    tag: 'group_tambak_1',
    url: '/chat?group_id=tambak_1',
  });

  // A payload pointing off-site is shown with the app's chat path instead.
  await worker.push(
    JSON.stringify({ title: 'Budi', body: 'halo', url: 'https://evil.example/x', tag: 'user_a_b' }),
  );
  await expect.poll(async () => (await shown()).find((n) => n.tag === 'user_a_b')?.url).toBe('/chat');
});
