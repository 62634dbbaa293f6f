import type { FastifyInstance, RouteOptions } from 'fastify';
import { isInnerRequest } from '../kernel/inner-request.ts';

export interface RegisteredRoute {
  /** `METHOD /api/path/:param`, the key cases and the allowlist use. */
  key: string;
  method: string;
  url: string;
  isPublic: boolean;
}

/** What the test reads back: every route registered, and the route the last request matched. */
export interface RouteRecorder {
  routes: RegisteredRoute[];
  lastMatched: string | null;
}

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

type FastifyFactory = (...args: unknown[]) => FastifyInstance;

/**
 * Wraps the `fastify` module so every instance it makes reports its routes (onRoute) and
 * the route each request matched (onRequest). The authorization test installs it with
 * `vi.mock('fastify', …)` so it sees the real app exactly as buildApp makes it, without
 * a hook in production code.
 */
export function withRouteRecorder<M extends { default: unknown }>(mod: M, recorder: RouteRecorder): M {
  const original = mod.default as FastifyFactory;
  const wrapped = (...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        // HEAD routes are Fastify's automatic twins of GET routes: same hooks, same handler.
        if (method === 'HEAD') continue;
        recorder.routes.push({
          key: routeKey(method, route.url),
          method,
          url: route.url,
          isPublic: route.config?.public === true,
        });
      }
    });
    app.addHook('onRequest', async (request) => {
      // A read the server makes for the caller (the batched pull) is not the caller's request.
      if (isInnerRequest(request.headers)) return;
      recorder.lastMatched = request.routeOptions.url
        ? routeKey(request.method, request.routeOptions.url)
        : null;
    });
    return app;
  };
  return { ...mod, default: wrapped, fastify: wrapped };
}

/** A concrete path for a route pattern: every `:param` becomes a random-looking uuid. */
export function samplePath(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '0195f1b8-7c2e-7000-8000-000000000000').replace(/\*$/, 'x');
}
