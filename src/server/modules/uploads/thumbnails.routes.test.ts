import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '#test/fixtures/uploads/fixtures';
import { type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { multipart, type Part } from '#test/helpers/multipart';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/** Seed 000 §9: `GET /api/files/:id?size=small` answers a small thumbnail, made once with sharp. */
const dataDir = mkdtempSync(join(tmpdir(), 'tambak-thumbs-test-'));
let app: App;
let user: QuickUser;

beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir });
  user = await quickUser(app, 'thumbs');
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(part: Part): Promise<string> {
  const { payload, headers } = multipart(part);
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...user.auth, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.url;
}

/** A 1600 × 1200 photo-like JPEG (noise does not compress, as a pond photo does not). */
function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i / 3) | 0) * 31) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('small thumbnails', () => {
  it('answers a WebP of at most 320 px, made once and kept', async () => {
    const original = await photo();
    const url = await upload({ filename: 'kolam.jpg', type: 'image/jpeg', data: original });
    const small = await app.inject({ method: 'GET', url: `${url}?size=small` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(small.rawPayload.length).toBeLessThan(original.length * 0.3);
    const meta = await sharp(small.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);

    const kept = readdirSync(join(dataDir, 'thumbs'), { recursive: true }).filter((f) =>
      String(f).endsWith('.small.webp'),
    );
    expect(kept).toHaveLength(1);
    const again = await app.inject({ method: 'GET', url: `${url}?size=small` });
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    expect(again.headers.etag).toMatch(/-small"$/);
    expect((await app.inject({ method: 'GET', url })).rawPayload.equals(original)).toBe(true);
  });

  it('serves a document or an unreadable image as it is, and refuses an unknown size with 400', async () => {
    const pdf = await makePdf();
    const pdfUrl = await upload({ filename: 'nota.pdf', type: 'application/pdf', data: pdf });
    const res = await app.inject({ method: 'GET', url: `${pdfUrl}?size=small` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);

    // JPEG magic bytes, then nothing sharp can decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const brokenUrl = await upload({ filename: 'rusak.jpg', type: 'image/jpeg', data: broken });
    const served = await app.inject({ method: 'GET', url: `${brokenUrl}?size=small` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(broken)).toBe(true);

    expect((await app.inject({ method: 'GET', url: `${pdfUrl}?size=huge` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${pdfUrl}?retry=1` })).statusCode).toBe(200);
  });
});
