import { isEmbedToken } from '#shared/domain/embed';
import { matchRoute, type RouteMatch } from './route-table.ts';

/**
 * Where a navigation may go, as pure functions of the path, the query and the session
 * (seed 000 §2 route rules), so the rules are testable without a router.
 */
export type Decision = { redirect: string } | { redirect: null; match: RouteMatch };

export interface EmbedSession {
  token: string;
  puId: string;
}

type Search = Record<string, unknown>;

const embedTokenOf = (search: Search) => (typeof search.token === 'string' ? search.token.trim() : '');

/**
 * output=embed plus an embed link's token on an embeddable route hands over the session
 * (seed 000 §2, ADR 0062). Only a token made for embedding (`emb_…`) is taken: a session
 * token in a URL is never used (whoever holds the link would hold the session).
 */
export function embedSessionFrom(match: RouteMatch | null, search: Search): EmbedSession | null {
  if (!match?.spec.embeddable || search.output !== 'embed') return null;
  const token = embedTokenOf(search);
  if (!token || !isEmbedToken(token)) return null;
  const puId = search.pu_id === undefined || search.pu_id === null ? '' : String(search.pu_id);
  return { token, puId };
}

/**
 * An embed request whose link cannot work as such (no token, or not an embed link's
 * token): the page says the link is not valid, it never shows the screen with another
 * session nor sends the person to a login inside another app.
 */
export function embedLinkUnusable(match: RouteMatch | null, search: Search): boolean {
  if (!match?.spec.embeddable || search.output !== 'embed') return false;
  return embedSessionFrom(match, search) === null;
}

export function isEmbedRequest(search: Search): boolean {
  return search.output === 'embed';
}

/** Only same-origin paths may be a post-login destination (no open redirect). */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null;
  return target;
}

/**
 * redirectTo is the `redirect` query of an account page: once logged in, the user goes
 * there (the page they were sent away from) instead of /farm.
 */
export function decideNavigation(
  pathname: string,
  href: string,
  loggedIn: boolean,
  redirectTo?: unknown,
): Decision {
  const match = matchRoute(pathname);
  if (!match) return { redirect: '/' };
  const { spec, params } = match;
  if (spec.access === 'auth' && !loggedIn) {
    const back = pathname === '/farm' ? '' : `?redirect=${encodeURIComponent(href)}`;
    return { redirect: `/login${back}` };
  }
  if (spec.access === 'guest' && loggedIn) return { redirect: safeRedirect(redirectTo) ?? '/farm' };
  if (spec.path === '/') return { redirect: '/farm' };
  if (!spec.built) {
    return { redirect: params.farm_id ? `/farm/${encodeURIComponent(params.farm_id)}` : '/farm' };
  }
  return { redirect: null, match };
}
