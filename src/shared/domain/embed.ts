/**
 * Embed links (issue 29 point 1, ADR 0062): a token made for one farm and one or more
 * embeddable screens, read-only, with an expiry. The screens are those seed 000 §2 marks
 * embeddable (src/app/route-table.ts `embeddable: true`; a unit test keeps both lists equal).
 */
export const EMBED_SCREENS = ['report', 'history', 'finance-report', 'comparison', 'overview'] as const;
export type EmbedScreen = (typeof EMBED_SCREENS)[number];

/** The route of each screen, as the route table spells it. */
export const EMBED_SCREEN_PATHS: Record<EmbedScreen, string> = {
  report: '/farm/$farm_id/report',
  history: '/farm/$farm_id/history/embed',
  'finance-report': '/farm/$farm_id/finance/report',
  comparison: '/farm/$farm_id/comparison',
  overview: '/farm/$farm_id/overview/embed',
};

/** Every embed token starts so: the server tells it from a session token without a lookup. */
export const EMBED_TOKEN_PREFIX = 'emb_';

export const EMBED_DEFAULT_DAYS = 30;
export const EMBED_MAX_DAYS = 365;

export function isEmbedToken(token: string): boolean {
  return token.startsWith(EMBED_TOKEN_PREFIX);
}

/** The link a person copies: the screen of the farm with output=embed and the token. */
export function embedUrl(origin: string, farmId: string, screen: EmbedScreen, token: string): string {
  const path = EMBED_SCREEN_PATHS[screen].replace('$farm_id', encodeURIComponent(farmId));
  return `${origin}${path}?output=embed&token=${encodeURIComponent(token)}`;
}

export type EmbedState = 'active' | 'expired' | 'revoked';

export function embedState(
  link: { expires_at: string; revoked_at: string | null },
  now = Date.now(),
): EmbedState {
  if (link.revoked_at) return 'revoked';
  return Date.parse(link.expires_at) <= now ? 'expired' : 'active';
}
