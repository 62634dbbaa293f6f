import type { EmbedScreen } from '#shared/domain/embed';

/**
 * What an embed token may call (ADR 0062): the GET routes the embeddable screens read,
 * each with the screens that need it and where the request names its farm. Anything not
 * here (every write, every other screen's reads) is refused with 403 `embed-link-scope`
 * before validation, so nothing runs and nothing changes.
 *
 * `farm`:
 * - `query`: the `farm_id` of the query string must be the token's farm;
 * - `report`: the `:id` of the path is a report, whose farm must be the token's;
 * - `answer`: the route names no farm; its service keeps to the token's farm (the farm
 *   list answers only that farm, `farm.routes.ts`).
 */
export type FarmOf = 'query' | 'report' | 'answer';

interface ScopeRule {
  screens: readonly EmbedScreen[] | 'every';
  farm: FarmOf;
}

const REPORTS: EmbedScreen[] = ['report', 'history'];

export const EMBED_SCOPE: Record<string, ScopeRule> = {
  // The shell of every embedded screen: the farm (its name, the member's rights) and its ponds.
  'GET /api/farm': { screens: 'every', farm: 'answer' },
  'GET /api/pond': { screens: 'every', farm: 'query' },
  'GET /api/block': { screens: 'every', farm: 'query' },
  // Reports and their history (the caller's reports; building one is a write).
  'GET /api/history': { screens: REPORTS, farm: 'query' },
  'GET /api/report/:id': { screens: REPORTS, farm: 'report' },
  'GET /api/report/:id/download': { screens: REPORTS, farm: 'report' },
  // The finance report's figures.
  'GET /api/totalTransaction': { screens: ['finance-report'], farm: 'query' },
  'GET /api/chartCashFlowPerMonth': { screens: ['finance-report'], farm: 'query' },
  'GET /api/arusKasPercategoryFilterByMonth': { screens: ['finance-report'], farm: 'query' },
  'GET /api/analysHpp': { screens: ['finance-report'], farm: 'query' },
  'GET /api/getProductivitas': { screens: ['finance-report'], farm: 'query' },
  // The comparison's series.
  'GET /api/multipleComparison': { screens: ['comparison'], farm: 'query' },
  // The cycle overview's figures (seed 000 §2 `.../overview/embed`, ADR 0070).
  'GET /api/overview': { screens: ['overview'], farm: 'query' },
  // The overview's forecast below it (issue 26 point 3; ADR 0078): the maker's rights decide
  // the cost to date, as for the maker himself.
  'GET /api/forecast': { screens: ['overview'], farm: 'query' },
};

/** The rule of a request's route (`METHOD /api/path/:param` as registered) for these screens, or null. */
export function scopeRule(method: string, routeUrl: string, screens: readonly string[]): ScopeRule | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  const rule = EMBED_SCOPE[`${verb} ${routeUrl}`];
  if (!rule) return null;
  if (rule.screens !== 'every' && !rule.screens.some((s) => screens.includes(s))) return null;
  return rule;
}
