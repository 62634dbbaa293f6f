import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuickUser, quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../app.ts';
import { previewOf } from './link-preview.ts';
import { isPublicAddress, SafeFetchRefused, safeFetchHtml } from './safe-fetch.ts';

/**
 * Seed 001 §9 link previews through the safe fetch (issue 30 "Bad input"): a private
 * address, a slow page, a huge page or a non-HTML answer gives data null (no preview, no
 * error); a good page gives its title. `safe` is the app as deployed; `local` reaches this
 * machine's test pages (127.0.0.1 only, nothing else private) with a short deadline.
 */
let safe: App;
let local: App;
let user: QuickUser;
let site: Server;
let base: string;
const hits: string[] = [];

const PAGE = `<!doctype html><html><head><title>ignored</title>
<meta property="og:title" content="Harga udang &amp; pakan minggu ini">
<meta name="description" content="Vaname size 50: Rp 72.000/kg">
<meta property="og:site_name" content="Info Tambak"></head><body>…</body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/json')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}');
    else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Huge</title></head><body>');
      for (let i = 0; i < 40; i++) res.write('x'.repeat(64 * 1024));
      res.end();
    } else if (req.url === '/redirect-private')
      res.writeHead(302, { location: 'http://10.1.2.3/page' }).end();
    else if (req.url === '/redirect-page') res.writeHead(301, { location: '/page' }).end();
    else if (req.url === '/slow')
      res.writeHead(200, { 'content-type': 'text/html' }); // never ends
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  safe = await createTestApp();
  local = await createTestApp(
    {},
    {
      linkPreviewFetch: {
        timeoutMs: 500,
        isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
      },
    },
  );
  user = await quickUser(safe, 'preview');
});
afterAll(async () => {
  site.closeAllConnections();
  site.close();
  await Promise.all([safe.close(), local.close()]);
});

async function preview(app: App, url: string) {
  const auth = app === safe ? user.auth : (await quickUser(app, `p${hits.length}`)).auth;
  const res = await app.inject({
    method: 'GET',
    url: `/api/chat/link-preview?url=${encodeURIComponent(url)}`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('link previews', () => {
  it('previews an HTML page by its Open Graph fields, after a redirect', async () => {
    expect(await preview(local, `${base}/redirect-page`)).toEqual({
      url: `${base}/page`,
      title: 'Harga udang & pakan minggu ini',
      description: 'Vaname size 50: Rp 72.000/kg',
      site_name: 'Info Tambak',
    });
  });

  it('refuses private, loopback and link-local addresses, by IP, by name and after a redirect', async () => {
    const before = hits.length;
    for (const url of [
      `${base}/page`,
      `http://localhost:${new URL(base).port}/page`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ])
      expect(await preview(safe, url)).toBeNull();
    expect(hits.length).toBe(before); // not one request reached this machine's page
    expect(await preview(local, `${base}/redirect-private`)).toBeNull();
  });

  it('gives none for a slow page, a huge page, a non-HTML answer, another scheme or a non-URL', async () => {
    expect(await preview(local, `${base}/slow`)).toBeNull();
    expect(await preview(local, `${base}/huge`)).toBeNull();
    expect(await preview(local, `${base}/json`)).toBeNull();
    expect(await preview(local, `${base}/missing`)).toBeNull();
    expect(await preview(safe, 'file:///etc/passwd')).toBeNull();
    expect(await preview(safe, 'ftp://example.com/')).toBeNull();
    expect(await preview(safe, `http://user:pw@${new URL(base).host}/page`)).toBeNull();
    expect(await preview(safe, 'not a url')).toBeNull();
  });

  it('answers 400, not 5xx, for no URL or one too long', async () => {
    const missing = await safe.inject({ method: 'GET', url: '/api/chat/link-preview', headers: user.auth });
    expect(missing.statusCode).toBe(400);
    const long = await safe.inject({
      method: 'GET',
      url: `/api/chat/link-preview?url=${'a'.repeat(3000)}`,
      headers: user.auth,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('safe fetch says why it refused', () => {
  it('timeout, size, type, address', async () => {
    const options = { timeoutMs: 500, isAllowedAddress: (a: string): boolean => a === '127.0.0.1' };
    const reason = (url: string, o = options) =>
      safeFetchHtml(url, o).then(
        () => 'fetched',
        (e: unknown) => (e instanceof SafeFetchRefused ? e.reason : String(e)),
      );
    expect(await reason(`${base}/slow`)).toBe('timeout');
    expect(await reason(`${base}/huge`, { ...options, timeoutMs: 10_000 })).toBe('too-large');
    expect(await reason(`${base}/json`)).toBe('not-html');
    expect(await reason(`${base}/redirect-private`)).toBe('address');
    expect(await reason(`${base}/page`, { timeoutMs: 500, isAllowedAddress: isPublicAddress })).toBe(
      'address',
    );
    expect(await reason(`${base}/page`)).toBe('fetched');
  });
});

describe('previewOf', () => {
  it('falls back to <title> and the host, and gives none without a title', () => {
    expect(previewOf('https://a.example/x', '<title> Kolam &#x26; tambak </title>')).toEqual({
      url: 'https://a.example/x',
      title: 'Kolam & tambak',
      description: null,
      site_name: 'a.example',
    });
    expect(previewOf('https://a.example/', '<html><body>no head</body></html>')).toBeNull();
  });
});
