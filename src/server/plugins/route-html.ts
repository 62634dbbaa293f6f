import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the build's route-preloads plugin writes (scripts/vite-route-preloads.ts). */
type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

export interface HtmlVariant {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The page as is, and its compressed copies, each made on first use (then kept): building
 * every route's page at start cost time and memory before the first request (issues 12
 * and 32: a hundred routes' pages were 2 MB held by a server that had served none).
 * Brotli's window is sized to the page, not its 4 MB default.
 */
function variant(page: () => string): HtmlVariant {
  let identity: Buffer | undefined;
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    get identity() {
      identity ??= Buffer.from(page());
      return identity;
    },
    get gzip() {
      gzip ??= gzipSync(this.identity, { level: 9 });
      return gzip;
    },
    get br() {
      const plain = this.identity;
      br ??= brotliCompressSync(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          [constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(24, Math.ceil(Math.log2(plain.length + 1)))),
        },
      });
      return br;
    },
  };
}

/** `/farm/$farm_id/settings` → /^\/farm\/[^/]+\/settings\/?$/ */
export function routePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

function preloadLinks({ js, css }: { js: string[]; css: string[] }): string {
  const safe = (file: string) => /^[\w./-]+$/.test(file);
  return [
    ...js
      .filter(safe)
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
    ...css.filter(safe).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}

/** What this server tells the app in its HTML, read before anything is fetched. */
export interface HtmlSettings {
  /** The support chat the help button opens (src/components/layout/help-button.tsx). */
  supportUrl?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function settingsMeta({ supportUrl }: HtmlSettings): string {
  return supportUrl ? `<meta name="tambak-support-url" content="${escapeAttribute(supportUrl)}">` : '';
}

/**
 * The app's HTML for each route: index.html with this server's settings (a meta tag, so
 * the app needs no request for them) plus preload links for the route's screen chunks,
 * so a first visit fetches the screen's code together with the shell's instead of one
 * round trip later. Each built on its route's first visit, with gzip and brotli copies. Routes without an
 * entry (or a build without route-preloads.json) get index.html with the settings only.
 */
export function loadRouteHtml(root: string, settings: HtmlSettings = {}): (pathname: string) => HtmlVariant {
  const index = readFileSync(resolve(root, 'index.html'), 'utf8').replace(
    '</head>',
    `${settingsMeta(settings)}</head>`,
  );
  const plain = variant(() => index);
  const file = resolve(root, 'route-preloads.json');
  const preloads: RoutePreloads = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  // A listed file the build did not write would answer 404 to every visit of the route.
  const written = (name: string) => existsSync(resolve(root, name));
  const routes = Object.entries(preloads).map(([path, entry]) => ({
    pattern: routePattern(path),
    html: variant(() =>
      index.replace(
        '</head>',
        `${preloadLinks({ js: entry.js.filter(written), css: entry.css.filter(written) })}</head>`,
      ),
    ),
  }));
  return (pathname) => routes.find((r) => r.pattern.test(pathname))?.html ?? plain;
}
