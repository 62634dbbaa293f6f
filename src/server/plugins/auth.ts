import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isEmbedToken } from '#shared/domain/embed';
import { AppError } from '../errors.ts';

export interface AuthUser {
  id: string;
  sessionId: string;
  /**
   * Set when the request carries an embed link's token (ADR 0062) rather than a session:
   * `id` is the person who made the link, the request may only read the link's screens
   * of `farmId` (the auth hook checked the route and the farm before validation).
   */
  embed?: { tokenId: string; farmId: string; screens: string[] };
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

/** Embed tokens (`emb_…`): who they stand for, and whether this request is in their scope. */
export interface EmbedAuth {
  authenticate(token: string): Promise<AuthUser | null>;
  /** Throws (403 `embed-link-scope`) for a request outside the token's scope. */
  guard(user: AuthUser, request: FastifyRequest): Promise<void>;
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Every API route needs a session unless it says `config: { public: true }`: forgetting
 * the flag fails closed. The session check itself lives in the account service; an embed
 * token (ADR 0062) is checked by the embed module: unknown, expired or revoked → 401
 * `embed-link-invalid`; a write, another farm or a route its screens do not read → 403.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { authenticate: Authenticate; embed?: EmbedAuth }) => {
    app.decorateRequest('user', null as unknown as AuthUser);
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config?.public) return;
      if (request.url.startsWith('/api/docs')) return; // the OpenAPI page and document are public
      if (!request.routeOptions.url) return; // unknown route: the 404 handler answers
      const token = bearer(request.headers.authorization);
      if (!token) throw new AppError('unauthenticated');
      if (isEmbedToken(token)) {
        const user = opts.embed ? await opts.embed.authenticate(token) : null;
        if (!user || !opts.embed) throw new AppError('embed-link-invalid');
        await opts.embed.guard(user, request);
        request.user = user;
        return;
      }
      const user = await opts.authenticate(token, request.headers['user-agent']);
      if (!user) throw new AppError('session-expired');
      request.user = user;
    });
  },
);
