import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type HtmlSettings, loadRouteHtml } from './route-html.ts';

interface StaticAppOptions {
  dir: string;
  settings?: HtmlSettings;
}

/**
 * Serves the built PWA. Hashed assets are immutable for a year; index.html, sw.js and
 * the manifest are never cached so an update reaches phones on their next visit.
 * Any non-API GET that is not a file falls back to index.html (history-mode routing), with
 * the server's settings and preload links for that route's screen (route-html.ts).
 * /index.html itself (what the service worker precaches) is the built file as it is.
 * Text assets go out precompressed (brotli or gzip) when the build wrote the copies.
 */
export const staticAppPlugin = fp(async (app: FastifyInstance, opts: StaticAppOptions) => {
  const root = resolve(opts.dir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`no built app in ${root}; run "npm run build" to serve the PWA`);
    return;
  }
  const routeHtml = loadRouteHtml(root, opts.settings);
  await app.register(fastifyStatic, {
    root,
    // No route per file (the build has over a thousand: emoji, stickers): the wildcard
    // route below serves them all, which keeps start-up fast and the route table small.
    serve: false,
    index: false,
    // The build writes .br and .gz copies of text assets (vite.config.ts): sent by Accept-Encoding.
    preCompressed: true,
    setHeaders(res, path) {
      if (/[\\/]assets[\\/]/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) return reply.callNotFound();
    // The build's source maps are hidden: the server maps error reports with them
    // (modules/errors/source-maps.ts); the public never reads the sources (ADR 0067).
    if (path.endsWith('.map')) return reply.callNotFound();
    // A built file that is not there (an old chunk name) is a 404, never the app's HTML:
    // a module script answered with HTML fails on a MIME error the user cannot act on.
    if (path.startsWith('assets/') && !existsSync(resolve(root, path))) return reply.callNotFound();
    if (
      path &&
      /\.[a-z0-9]+$/i.test(path) &&
      existsSync(resolve(root, path)) &&
      resolve(root, path).startsWith(root)
    ) {
      return reply.sendFile(path);
    }
    const html = routeHtml(`/${path}`);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? html[encoding] : html.identity);
  });
});
