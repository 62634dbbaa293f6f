import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmSetup, ownerWithFarm, type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { multipart } from '#test/helpers/multipart';
import { createTestApp } from '#test/helpers/test-app';
import { generateTray } from '#test/larvae/synthetic-tray';
import type { App } from '../../app.ts';

let app: App;
let owner: QuickUser;
let farm: FarmSetup;
let trayPng: Buffer;
beforeAll(async () => {
  ({ app, owner, farm } = await ownerWithFarm(1, createTestApp));
  const photo = generateTray({
    seed: 11,
    count: 150,
    hatchColor: 'dark',
    width: 2000,
    height: 1500,
    bubbles: 4,
    debris: 10,
  });
  trayPng = await sharp(Buffer.from(photo.rgba.buffer), { raw: { width: 2000, height: 1500, channels: 4 } })
    .png()
    .toBuffer();
});
afterAll(() => app.close());

const upload = (data: Buffer | string, filename = 'nampan.png', type = 'image/png', user = owner) => {
  const body = multipart({ filename, type, data });
  return app.inject({
    method: 'POST',
    url: `/api/cv/upload?farm_id=${farm.farmId}`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
};

async function waitForJob(id: string, user = owner) {
  const until = Date.now() + 45_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/stock/count-pl/${id}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data;
    if (job.status === 'done' || job.status === 'failed' || Date.now() > until) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('larvae counting routes', () => {
  it('counts an uploaded tray photo in a background job: 202, then the result with every mark', async () => {
    const up = await upload(trayPng);
    expect(up.statusCode, up.body).toBe(201);
    const photo = up.json().data;
    expect(photo).toMatchObject({ mime_type: 'image/png', width: 2000, height: 1500 });
    const queued = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, image_url: photo.url, hatch_color: 'dark' },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data).toMatchObject({ status: 'queued', count: null, upload_url: photo.url });
    const job = await waitForJob(queued.json().data.id);
    expect(job.status, JSON.stringify(job.problem)).toBe('done');
    expect(job.lower).toBeLessThanOrEqual(150);
    expect(job.upper).toBeGreaterThanOrEqual(150);
    expect(job.marks).toHaveLength(job.count);
    expect(job.progress).toBe(100);
  }, 60_000);

  it('a photo the engine cannot count finishes with its reason', async () => {
    const black = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#050505' } })
      .jpeg()
      .toBuffer();
    const up = await upload(black, 'gelap.jpg', 'image/jpeg');
    expect(up.statusCode, up.body).toBe(201);
    const queued = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, upload_id: up.json().data.upload_id, hatch_color: 'bright' },
    });
    expect(queued.statusCode).toBe(202);
    const job = await waitForJob(queued.json().data.id);
    expect(job).toMatchObject({ status: 'failed', problem: 'too-dark', count: null });
  }, 60_000);

  it('refuses what is not a photo, a truncated photo, and a missing file, with translated 4xx', async () => {
    const text = await upload('bukan foto', 'catatan.txt', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('image-required');
    const truncated = await upload(trayPng.subarray(0, 2000));
    expect([400, 415]).toContain(truncated.statusCode);
    const noFile = await app.inject({
      method: 'POST',
      url: `/api/cv/upload?farm_id=${farm.farmId}`,
      headers: owner.auth,
      payload: {},
    });
    expect(noFile.statusCode).toBeLessThan(500);
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses a photo over 50 megapixels', async () => {
    // A tiny PNG that claims 8000 × 8000 pixels (64 MP) once decoded.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(huge, 'besar.png');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('image-too-large');
  });

  it('a count asks for a photo and a known one; a stranger sees nothing', async () => {
    const none = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, hatch_color: 'dark' },
    });
    expect(none.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, image_url: 'https://example.com/x.jpg', hatch_color: 'dark' },
    });
    expect(unknown.statusCode).toBe(400);
    const badColor = await app.inject({
      method: 'POST',
      url: '/api/stock/count-pl',
      headers: owner.auth,
      payload: { farm_id: farm.farmId, upload_id: 'x', hatch_color: 'blue' },
    });
    expect(badColor.statusCode).toBe(400);
    const stranger = await quickUser(app, 'stranger');
    const up = await upload(trayPng, 'nampan.png', 'image/png', stranger);
    expect(up.statusCode).toBe(404);
  });
});
