import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { bootFirst } from './scripts/vite-boot-first.ts';
import { eagerCompile } from './scripts/vite-eager-compile.ts';
import { inlineEntryCss } from './scripts/vite-inline-entry-css.ts';
import { inlineLogo } from './scripts/vite-inline-logo.ts';
import { resolveAlias, routePreloads, screenImports } from './scripts/vite-route-preloads.ts';
import { ROUTES } from './src/app/route-table.ts';

// Teal of the design tokens (src/app/styles.css --color-primary); the status bar and
// splash screen of the installed app use it.
const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f4f7f6';

const ENTRY = resolve('src/app/main.tsx');
/** The compressed copies written next to each text asset (and remade by eagerCompile). */
const COMPRESSION = ['brotliCompress', 'gzip'] as const;

/** The release error reports name (ADR 0067): APP_RELEASE, else the commit built. */
function release(): string {
  if (process.env.APP_RELEASE) return process.env.APP_RELEASE;
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'dev'
    );
  } catch {
    return 'dev';
  }
}
/** The screen files of the routes `wanted` picks. */
const screensOf = (wanted: (path: string) => boolean) =>
  screenImports(readFileSync('src/app/router.tsx', 'utf8'))
    .filter(([path]) => wanted(path))
    .map(([, specifier]) =>
      resolveAlias(process.cwd(), JSON.parse(readFileSync('package.json', 'utf8')).imports, specifier),
    )
    .filter((file): file is string => file !== null);
/** The screens of the sign-in routes (access 'guest' in the route table). */
const GUEST_SCREENS = screensOf((path) => ROUTES.find((r) => r.path === path)?.access === 'guest');
/** The screens a farm opens every day (the ones tests/e2e/lighthouse.spec.ts audits, and the pond page). */
const MAIN_PATHS = [
  '/farm/$farm_id',
  '/farm/$farm_id/water-quality/add',
  '/farm/$farm_id/pond/$pond_id',
  '/farm/$farm_id/settings',
];
const MAIN_SCREENS = screensOf((path) => MAIN_PATHS.includes(path));

export default defineConfig({
  define: { 'import.meta.env.VITE_APP_RELEASE': JSON.stringify(release()) },
  plugins: [
    react(),
    inlineEntryCss(),
    inlineLogo('src/components/app-logo.svg'),
    bootFirst(),
    // The two chunks every screen runs at start: compiled off the main thread (ADR 0101).
    eagerCompile(['shell', 'data'], COMPRESSION),
    routePreloads({
      router: 'src/app/router.tsx',
      signedIn: {
        module: 'src/app/sync-runtime.ts',
        routes: (path) => ROUTES.find((r) => r.path === path)?.access === 'auth',
      },
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Never swap the worker under a pond keeper's half-typed form: the UI asks first.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // png and webmanifest stay out: the plugin adds icons and manifest itself,
        // listing them here would precache them twice (TOOLCHAIN.md pitfall 5).
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The chat's emoji images (public/twemoji, ~500 files) load when the picker opens.
        // The larvae counter's worker (OpenCV + WASM, ~7 MB) is cached on first use instead
        // (sw/larvae-cache.ts).
        globIgnores: ['twemoji/**', 'assets/count-worker-*.js'],
      },
      manifest: {
        name: 'Tambak',
        short_name: 'Tambak',
        description: 'Catatan tambak udang: kolam, siklus, kualitas air, pakan.',
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies next to each text asset; the server sends them precompressed
    // (src/server/plugins/static-app.ts) so a phone on a slow link downloads a third.
    compression({
      algorithms: [...COMPRESSION],
      include: /\.(js|css|html|svg|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Hidden source maps: written next to each chunk without a `sourceMappingURL`, never
    // served (static-app.ts answers 404 for .map) nor precached; the server maps error
    // reports' stacks with them (ADR 0067). BUILD_SOURCEMAP=1 links them for local debugging.
    sourcemap: process.env.BUILD_SOURCEMAP === '1' ? true : 'hidden',
    // One stylesheet for the whole app, inlined into index.html (scripts/vite-inline-entry-css.ts):
    // no screen waits for a CSS file of its own.
    cssCodeSplit: false,
    // Every browser the app supports knows modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups(ENTRY, GUEST_SCREENS, MAIN_SCREENS) } },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
