import { expect } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './support/api-setup.ts';
import { uniqueEmail } from './support/dev-outbox.ts';
import { test } from './support/test.ts';
import { testJpeg } from './support/test-photo.ts';

/**
 * Seed 000 §8/§9, issue 30: at 800 px wide a note's photo is the server's small thumbnail,
 * and an image answered 403 once loads on the app's retry. The worker is blocked so the
 * page's own retry is what is seen (the worker's is unit-tested in sw/media-cache.test.ts).
 */
test('a note photo at 800 px is the small thumbnail, and a 403 image loads on retry', async ({
  browser,
  request,
}) => {
  const t = Date.now().toString(36);
  const owner = await apiSignUp(request, `Pemilik ${t}`, uniqueEmail(`foto.${t}`));
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, `Tambak Foto ${t}`, ['Kolam 1']);
  const noteId = crypto.randomUUID();
  await api.post('/note', {
    id: noteId,
    farm_id: farmId,
    note_date: new Date().toISOString().slice(0, 10),
    title: 'Air keruh',
    description: 'Foto pagi',
  });
  const photo = await request.post('/api/photos', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: {
      id: crypto.randomUUID(),
      record_type: 'note',
      record_id: noteId,
      file: { name: 'kolam.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(1600, 1200, 2, 85) },
    },
  });
  expect(photo.status()).toBe(201);
  const profile = await api.get('/user');

  for (const lang of ['id', 'en'] as const) {
    const context = await browser.newContext({
      viewport: { width: 800, height: 900 },
      serviceWorkers: 'block',
      locale: lang === 'id' ? 'id-ID' : 'en-US',
      timezoneId: 'Asia/Jakarta',
    });
    await context.addInitScript(
      ([token, me, language]) => {
        localStorage.setItem('tambak:session', JSON.stringify({ token, user: me }));
        localStorage.setItem('tambak:language', language as string);
      },
      [owner.token, profile, lang] as const,
    );
    const page = await context.newPage();
    const forbidden: string[] = [];
    await page.route(
      '**/api/files/**',
      (route) => {
        forbidden.push(route.request().url());
        return route.fulfill({ status: 403, body: '' });
      },
      { times: 1 },
    );
    await page.goto(`/farm/${farmId}/notes`);
    const img = page.locator('[data-photo-status="uploaded"] img');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(forbidden).toHaveLength(1);
    expect(forbidden[0]).toContain('size=small');
    await expect(img).toHaveAttribute('src', /size=small&retry=1$/);
    // The small thumbnail: 320 px long side, not the 1600 px original.
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/thumbnails-${lang}-800.png`, fullPage: true });
    await context.close();
  }
});
