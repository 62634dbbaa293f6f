import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadRouteHtml, routePattern } from './route-html.ts';

type Preloads = Record<string, { js: string[]; css: string[] }>;

/** A build folder: index.html, the preload list, and the listed files (but `unwritten`). */
function built(preloads?: Preloads, unwritten: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-html-'));
  writeFileSync(join(dir, 'index.html'), '<html><head><title>T</title></head><body></body></html>');
  if (preloads) {
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads));
    mkdirSync(join(dir, 'assets'));
    for (const { js, css } of Object.values(preloads))
      for (const name of [...js, ...css])
        if (/^assets\/[\w.-]+$/.test(name) && !unwritten.includes(name)) writeFileSync(join(dir, name), '');
  }
  return dir;
}

describe('route HTML with preload links', () => {
  it('matches route paths with parameters, whole segments only', () => {
    const pattern = routePattern('/farm/$farm_id/settings');
    expect(pattern.test('/farm/01a2/settings')).toBe(true);
    expect(pattern.test('/farm/01a2/settings/')).toBe(true);
    expect(pattern.test('/farm/01a2/x/settings')).toBe(false);
    expect(pattern.test('/farm/01a2/settingsx')).toBe(false);
    expect(routePattern('/reset/password').test('/reset/password')).toBe(true);
  });

  it("adds the route's chunks and stylesheets before </head>, compressed copies alike", () => {
    const html = loadRouteHtml(
      built({
        '/farm/$farm_id': { js: ['assets/home-1.js'], css: ['assets/home-1.css'] },
        '/login': { js: ['assets/login-1.js'], css: [] },
      }),
    );
    const home = html('/farm/abc');
    const text = home.identity.toString();
    expect(text).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-1.js"><link rel="preload" as="style" crossorigin href="/assets/home-1.css"></head>',
    );
    expect(text).not.toContain('login-1');
    expect(gunzipSync(home.gzip).toString()).toBe(text);
    expect(html('/login').identity.toString()).toContain('/assets/login-1.js');
  });

  it('answers index.html as it is for other paths, and without a preload file', () => {
    const html = loadRouteHtml(built({ '/login': { js: ['assets/login-1.js'], css: [] } }));
    expect(html('/somewhere').identity.toString()).not.toContain('modulepreload');
    expect(loadRouteHtml(built())('/login').identity.toString()).not.toContain('modulepreload');
  });

  it('leaves out a listed chunk the build did not write (it would answer 404 on every visit)', () => {
    const html = loadRouteHtml(
      built({ '/notes': { js: ['assets/notes-1.js', 'assets/gone-1.js'], css: [] } }, ['assets/gone-1.js']),
    );
    const text = html('/notes').identity.toString();
    expect(text).toContain('/assets/notes-1.js');
    expect(text).not.toContain('gone-1');
  });

  it('leaves out file names that could break out of the attribute', () => {
    const html = loadRouteHtml(
      built({ '/login': { js: ['assets/"><script>x.js', 'assets/ok.js'], css: [] } }),
    );
    const text = html('/login').identity.toString();
    expect(text).not.toContain('<script>');
    expect(text).toContain('/assets/ok.js');
  });

  it("carries the server's support link in a meta tag on every route, escaped", () => {
    const html = loadRouteHtml(built({ '/login': { js: ['assets/login-1.js'], css: [] } }), {
      supportUrl: 'https://wa.me/62811?text="><script>',
    });
    for (const path of ['/login', '/somewhere', '/index.html']) {
      const text = html(path).identity.toString();
      expect(text).toContain(
        '<meta name="tambak-support-url" content="https://wa.me/62811?text=&quot;&gt;&lt;script&gt;">',
      );
      expect(text).not.toContain('<script>');
    }
    expect(loadRouteHtml(built())('/login').identity.toString()).not.toContain('tambak-support-url');
  });
});
