import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hostile,
  makeDocx,
  makeGif,
  makeJpeg,
  makePdf,
  makePng,
  makeWebp,
  makeXlsx,
  makeZip,
  mediaHeaders,
} from '#test/fixtures/uploads/fixtures';
import { type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { multipart, type Part } from '#test/helpers/multipart';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';

/**
 * ASVS V12 (files), API8: uploads are typed by their bytes, limited in size, stored under
 * random ids outside the web root and served back only as the sniffed allowed type with
 * nosniff, a sandboxing CSP and `attachment` for documents. A refused upload leaves no
 * row and no file behind.
 */
const OOXML = 'application/vnd.openxmlformats-officedocument';
const dataDir = mkdtempSync(join(tmpdir(), 'tambak-uploads-test-'));
let app: App;
let user: QuickUser;

beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir });
  user = await quickUser(app, 'uploader');
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => relative(dataDir, join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}
const storedFiles = () => [
  ...filesUnder(join(dataDir, 'uploads')),
  ...filesUnder(join(dataDir, 'upload-tmp')),
];
const rowCount = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const upload = (part: Part, lang = 'en') => {
  const { payload, headers } = multipart(part);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...user.auth, ...headers, 'accept-language': lang },
    payload,
  });
};

/** The upload is refused with `status`/`code`, and no row and no file are left behind. */
async function expectRefused(part: Part, status: number, code: string) {
  const [rowsBefore, filesBefore] = [await rowCount(), storedFiles()];
  const res = await upload(part);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  expect(res.json().message).toMatch(/\w/);
  expect(await rowCount()).toBe(rowsBefore);
  expect(storedFiles()).toEqual(filesBefore);
  return res;
}

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  [jpeg, png] = await Promise.all([makeJpeg(), makePng()]);
});
beforeEach(() => {
  // Nothing half-written may remain between tests either.
  expect(filesUnder(join(dataDir, 'upload-tmp'))).toEqual([]);
});

describe('accepted files come back byte-identical with safe headers', () => {
  const cases: [string, () => Buffer | Promise<Buffer>, string, string, 'inline' | 'attachment'][] = [
    ['kolam.jpg', () => jpeg, 'image/jpeg', 'image/jpeg', 'inline'],
    ['kolam.png', () => png, 'image/png', 'image/png', 'inline'],
    ['kolam.webp', makeWebp, 'image/webp', 'image/webp', 'inline'],
    ['kolam.gif', makeGif, 'image/gif', 'image/gif', 'inline'],
    ['laporan.pdf', makePdf, 'application/pdf', 'application/pdf', 'attachment'],
    ['catatan.csv', () => hostile('notes.csv'), 'text/csv', 'text/csv; charset=utf-8', 'attachment'],
    [
      'catatan.txt',
      () => Buffer.from('pH sore 7,8\nDO 4,5\n'),
      'text/plain',
      'text/plain; charset=utf-8',
      'attachment',
    ],
    ['laporan.docx', makeDocx, '', `${OOXML}.wordprocessingml.document`, 'attachment'],
    ['stok.xlsx', makeXlsx, 'application/octet-stream', `${OOXML}.spreadsheetml.sheet`, 'attachment'],
    [
      'arsip.zip',
      () => makeZip([['catatan.txt', 'halo']]),
      'application/zip',
      'application/zip',
      'attachment',
    ],
    ['rekaman.mp4', mediaHeaders.mp4, 'video/mp4', 'video/mp4', 'inline'],
    ['suara.m4a', mediaHeaders.m4a, 'audio/x-m4a', 'audio/mp4', 'inline'],
    ['suara.wav', mediaHeaders.wav, 'audio/wav', 'audio/wav', 'inline'],
    ['suara.ogg', mediaHeaders.ogg, 'audio/ogg', 'audio/ogg', 'inline'],
    ['suara.mp3', mediaHeaders.mp3, 'audio/mpeg', 'audio/mpeg', 'inline'],
  ];
  it.each(cases)('%s', async (name, make, declared, served, disposition) => {
    const bytes = await make();
    const res = await upload({ filename: name, type: declared, data: bytes });
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe('Saved.');
    expect(data).toEqual({
      url: expect.stringMatching(/^\/api\/files\/[A-Za-z0-9_-]{43}$/),
      name,
      mime_type: served.split(';')[0],
      size: bytes.length,
    });

    // No Authorization header: an <img> or <a download> loads it by URL alone.
    const file = await app.inject({ method: 'GET', url: data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe(served);
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['content-disposition']).toBe(
      `${disposition}; filename="${name}"; filename*=UTF-8''${name}`,
    );
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    // Stored under its random id, never under the client's name.
    const id = data.url.split('/').pop();
    expect(storedFiles()).toContain(join('uploads', id.slice(0, 2), id));
    expect(storedFiles().some((f) => f.includes(name))).toBe(false);
  });

  it('serves byte ranges (video/audio seeking) and answers 416 past the end', async () => {
    const { url } = (await upload({ filename: 'r.png', type: 'image/png', data: png })).json().data;
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=2-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(2, 10))).toBe(true);
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(png.subarray(png.length - 4))).toBe(true);
    const past = await app.inject({ method: 'GET', url, headers: { range: `bytes=${png.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);
    const etag = part.headers.etag as string;
    expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
  });

  it('keeps audio in a WebM container as audio when the browser says so', async () => {
    // EBML header with DocType "webm": enough for the content to be WebM.
    const webm = mediaHeaders.webm();
    const res = await upload({ filename: 'voice-note', type: 'audio/webm;codecs=opus', data: webm });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.mime_type).toBe('audio/webm');
    const video = await upload({ filename: 'clip.webm', type: 'video/webm', data: webm });
    expect(video.json().data.mime_type).toBe('video/webm');
  });
});

describe('refused by content, whatever the name or declared type', () => {
  it('HTML named photo.jpg and declared image/jpeg', async () => {
    const res = await expectRefused(
      { filename: 'photo.jpg', type: 'image/jpeg', data: hostile('page.html') },
      415,
      'file-type-not-allowed',
    );
    expect(res.json().message).toMatch(/not allowed/);
  });

  it('PHP named photo.jpg and declared image/jpeg', async () => {
    await expectRefused(
      { filename: 'photo.jpg', type: 'image/jpeg', data: hostile('shell.php') },
      415,
      'file-type-not-allowed',
    );
  });

  it('PHP or HTML even under a text name', async () => {
    await expectRefused(
      { filename: 'notes.txt', type: 'text/plain', data: hostile('shell.php') },
      415,
      'file-type-not-allowed',
    );
    await expectRefused(
      { filename: 'notes.txt', type: 'text/plain', data: hostile('page.html') },
      415,
      'file-type-not-allowed',
    );
  });

  it('SVG with a script, as SVG, as an image and as text', async () => {
    for (const [filename, type, file] of [
      ['logo.svg', 'image/svg+xml', 'script.svg'],
      ['logo.png', 'image/png', 'script.svg'],
      ['logo.txt', 'text/plain', 'bare.svg'],
      ['logo', 'application/octet-stream', 'bare.svg'],
    ] as const) {
      await expectRefused({ filename, type, data: hostile(file) }, 415, 'file-type-not-allowed');
    }
  });

  it('a polyglot: image magic bytes followed by HTML', async () => {
    const html = hostile('page.html');
    await expectRefused(
      {
        filename: 'photo.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]),
      },
      415,
      'file-type-not-allowed',
    );
    await expectRefused(
      {
        filename: 'anim.gif',
        type: 'image/gif',
        data: Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00'), html]),
      },
      415,
      'file-type-not-allowed',
    );
    // A real PNG with a script appended inside its first KB.
    await expectRefused(
      {
        filename: 'p.png',
        type: 'image/png',
        data: Buffer.concat([
          png.subarray(0, 40),
          Buffer.from('<script>alert(1)</script>'),
          png.subarray(40),
        ]),
      },
      415,
      'file-type-not-allowed',
    );
  });

  it('binary content that is none of the allowed types (ELF executable, Java archive, gzip)', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);
    await expectRefused(
      { filename: 'tool.pdf', type: 'application/pdf', data: elf },
      415,
      'file-type-not-allowed',
    );
    const jar = makeZip([['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n']]);
    await expectRefused(
      { filename: 'arsip.zip', type: 'application/zip', data: jar },
      415,
      'file-type-not-allowed',
    );
    const gz = Buffer.from('1f8b0800000000000003030000000000000000', 'hex');
    await expectRefused(
      { filename: 'a.zip', type: 'application/zip', data: gz },
      415,
      'file-type-not-allowed',
    );
  });

  it('text under a media name is not a photo', async () => {
    await expectRefused(
      { filename: 'photo.jpg', type: 'image/jpeg', data: 'just words' },
      415,
      'file-type-not-allowed',
    );
  });
});

describe('sizes', () => {
  it('refuses over 20 MB with 413 and stores nothing', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x41);
    const res = await expectRefused(
      { filename: 'big.txt', type: 'text/plain', data: big },
      413,
      'file-too-large',
    );
    expect(res.json().message).toMatch(/too large/);
  });

  it('refuses an image over 10 MB even though documents may be 20 MB', async () => {
    const padded = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024, 0)]);
    await expectRefused({ filename: 'huge.png', type: 'image/png', data: padded }, 413, 'file-too-large');
  });

  it('refuses an empty file with 400', async () => {
    await expectRefused(
      { filename: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) },
      400,
      'file-empty',
    );
  });

  it('answers in Indonesian by default', async () => {
    const res = await upload({ filename: 'x.jpg', type: 'image/jpeg', data: 'teks' }, 'id');
    expect(res.json().message).toMatch(/tidak diizinkan/);
  });
});

describe('names and requests that try to reach elsewhere', () => {
  it.each([
    ['../../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\windows\\system32\\evil.png', 'evil.png'],
    ['/var/www/html/shell.png', 'shell.png'],
    ['C:\\Users\\x\\foto kolam.png', 'foto kolam.png'],
    ['.htaccess.png', 'htaccess.png'],
    ['invoice\u202Egnp.exe', 'invoicegnp.exe'],
    ['..', 'file'],
  ])('%j is stored as %j, under its id only', async (filename, expected) => {
    const res = await upload({ filename, type: 'image/png', data: png });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.name).toBe(expected);
    for (const f of storedFiles()) expect(f).toMatch(/^uploads\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{43}$/);
    const served = await app.inject({ method: 'GET', url: res.json().data.url });
    expect(String(served.headers['content-disposition'])).not.toMatch(/[\\/]|\.\./);
  });

  it('a NUL byte in the name is dropped', async () => {
    const res = await upload({ filename: 'photo.png\u0000.html', type: 'image/png', data: png });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.name).not.toContain('\u0000');
    expect(res.json().data.mime_type).toBe('image/png');
  });

  it('answers 404 for unknown, malformed and path-like ids', async () => {
    for (const id of [
      'A'.repeat(43),
      'short',
      '..%2F..%2Fpostgres%2Fpg_hba.conf',
      '%2e%2e',
      `${'A'.repeat(42)}.`,
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/files/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('not-found');
    }
  });

  it('needs a session to upload, a part named file and a multipart body', async () => {
    const { payload, headers } = multipart({ filename: 'a.png', type: 'image/png', data: png });
    const anon = await app.inject({ method: 'POST', url: '/api/uploads', headers, payload });
    expect(anon.statusCode).toBe(401);
    await expectRefused(
      { field: 'photo', filename: 'a.png', type: 'image/png', data: png },
      400,
      'file-missing',
    );
    await expectRefused({ field: 'file', data: 'a plain field, no file' }, 400, 'file-missing');
    const json = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: user.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('unsupported-media-type');
  });
});
