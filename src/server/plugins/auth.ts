import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export interface AuthUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api route not marked `config: { public: true }`. */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

export type Authenticate = (token: string, userAgent: string | undefined) => Promise<AuthUser | null>;

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Every API route needs a session unless it says `config: { public: true }`: forgetting
 * the flag fails closed. The session check itself lives in the account service.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate }) => {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.public) return;
    if (request.url.startsWith('/api/docs')) return; // the OpenAPI page and document are public
    if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
    const token = bearer(request.headers.authorization);
    if (!token) throw new AppError('unauthenticated');
    const user = await opts.authenticate(token, request.headers['user-agent']);
    if (!user) throw new AppError('session-expired');
    request.user = user;
  });
});
