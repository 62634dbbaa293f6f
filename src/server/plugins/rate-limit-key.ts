import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearer } from './auth.ts';

/**
 * Whose budget a request spends (issue 29 point 3). A request that carries a session is
 * limited per session, not per address: a farm's keepers and office often share one router
 * (one public address), and one person's page load and sync pull make dozens of calls.
 * Without a session it is the address. The token is never kept: only a short hash of it.
 *
 * Sign-in, one-time code and reset keep their own per-address limit (`byAddress`), so a
 * made-up token cannot buy a fresh budget there; elsewhere a made-up token only buys 401s.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const token = bearer(request.headers.authorization);
  if (token && token.length <= 4096)
    return `session:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
  return byAddress(request);
}

/** The caller's address, for the limits that stay per address. */
export function byAddress(request: Pick<FastifyRequest, 'ip'>): string {
  return `ip:${request.ip}`;
}
