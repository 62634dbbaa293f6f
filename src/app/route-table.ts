/**
 * The route table of seed 000 §2 and seed 001 §2 with each route's rules, as data: the
 * router, the layout and the tests read the same list. `built: false` routes are declared
 * so later features plug in; until then they lead to the farm home and stay out of menus.
 */
export type Access = 'auth' | 'guest' | 'public';

export interface RouteSpec {
  path: string;
  access: Access;
  sidebar: boolean;
  navbar: boolean;
  hideChat: boolean;
  hideHelp: boolean;
  embeddable: boolean;
  built: boolean;
  /** Role ids whose farm home this screen is (a farm screen; at most one route per role). */
  homeFor?: number[];
}

type Flags = Partial<Omit<RouteSpec, 'path'>>;

const DEFAULTS: Omit<RouteSpec, 'path'> = {
  access: 'auth',
  sidebar: true,
  navbar: true,
  hideChat: false,
  hideHelp: false,
  embeddable: false,
  built: false,
};

const FARM = '/farm/$farm_id';
const NO_SIDEBAR: Flags = { sidebar: false };
/** Data-entry forms: full width, back to the farm home. */
const FORM: Flags = { sidebar: false };
/** Report-like pages shown inside other apps: no chrome, no chat button (seed 000 §2). */
const REPORT: Flags = { embeddable: true, sidebar: false, navbar: false, hideChat: true };
const ACCOUNT: Flags = { access: 'guest', sidebar: false, navbar: false, hideChat: true, built: true };

const TABLE: [string, Flags][] = [
  ['/', { access: 'public', built: true }],
  ['/farm', { built: true, sidebar: false }],
  ['/farm-registration', { ...NO_SIDEBAR, built: true }],
  [FARM, { built: true }],
  [`${FARM}/finance`, { built: true }],
  [`${FARM}/finance/settings`, { ...NO_SIDEBAR, built: true }],
  [`${FARM}/finance/report`, { ...REPORT, built: true }],
  [`${FARM}/overview`, { built: true }],
  [
    `${FARM}/overview/embed`,
    { navbar: false, embeddable: true, sidebar: false, hideChat: true, built: true },
  ],
  [`${FARM}/history`, { built: true }],
  // Embeddable (its name says so): an embed link hands over its token here too (ADR 0018).
  [`${FARM}/history/embed`, { navbar: false, embeddable: true, sidebar: false, hideChat: true, built: true }],
  [`${FARM}/warehouse`, { built: true }],
  [`${FARM}/warehouse/$warehouse_id`, { ...NO_SIDEBAR, built: true }],
  [`${FARM}/settings`, { built: true }],
  // Not in the spec's table: one pond's cycles and recent readings (linked from the farm home).
  [`${FARM}/pond/$pond_id`, { built: true }],
  [`${FARM}/comparison`, { embeddable: true, sidebar: false, built: true }],
  [`${FARM}/water-change`, { ...FORM, built: true }],
  [`${FARM}/water-quality/add`, { ...FORM, built: true }],
  [`${FARM}/feed/add`, { ...FORM, built: true }],
  [`${FARM}/use-item/add`, { ...FORM, built: true }],
  [`${FARM}/feed-tray/add`, { ...FORM, built: true }],
  [`${FARM}/sampling/add`, { ...FORM, built: true }],
  [`${FARM}/purchase-order`, { ...FORM, built: true }],
  [`${FARM}/report`, { ...REPORT, built: true }],
  ['/notifications', { ...NO_SIDEBAR, built: true }],
  ['/profile', { ...NO_SIDEBAR, built: true }],
  ['/login', ACCOUNT],
  ['/forgot-password', ACCOUNT],
  ['/reset/password', ACCOUNT],
  ['/email-verification', ACCOUNT],
  ['/register', ACCOUNT],
  // seed 001 §2: the chat screen has its own chrome; the provisioning utility hides chat.
  ['/chat', { sidebar: false, navbar: false, hideChat: true, hideHelp: true, built: true }],
  ['/sync-chat-user', { sidebar: false, hideChat: true, built: true }],
  // The sync status screen (navbar indicator): pending and failed records, retry, discard.
  ['/sync', { ...NO_SIDEBAR, built: true }],
  // Not in the spec's table: the production entry forms (?pond_id=, or the record's id to
  // edit) and the farm's death alert (seed 000 "Death alert", issue 14).
  [`${FARM}/stock/add`, { ...FORM, built: true }],
  [`${FARM}/harvest/add`, { ...FORM, built: true }],
  [`${FARM}/death/add`, { ...FORM, built: true }],
  [`${FARM}/death-alert`, { built: true }],
  // Not in the spec's table (its screen list names "Notes" and "Disease alert"): the farm's
  // notes, and recent disease records with the form to record one (issue 14).
  [`${FARM}/notes`, { built: true }],
  [`${FARM}/disease-alert`, { built: true }],
  // Not in the spec's table: the larvae counter as a tool page (issue 19); the stocking
  // form embeds the same <CountFromPhoto> (src/features/larvae).
  [`${FARM}/larvae-count`, { ...FORM, built: true }],
  // Not in the spec's table: the farm review table, the manager's first screen of the day (issue 17).
  [`${FARM}/review`, { built: true }],
  // Not in the spec's table (its screen list names the analysis views): the farm analysis (issue 17).
  [`${FARM}/analysis`, { built: true }],
  // Not in the spec's table: the keeper's day (issue 31), the technician's home: `/farm` and
  // the farm home open it for the roles in `homeFor` (root-layout.tsx, farmHome below).
  [`${FARM}/today`, { built: true, homeFor: [3] }],
  // Not in the spec's table: the attention board (issue 31), the owner's and manager's farm
  // home; the ponds and blocks stay one tap away (`?home=farm`, the sidebar's "Ponds").
  [`${FARM}/attention`, { built: true, homeFor: [1, 2] }],
  // Not in the spec's table: system admins' error reports (issue 30 point 1, ADR 0067),
  // linked from the profile for them.
  ['/admin/errors', { ...NO_SIDEBAR, built: true }],
];

export const ROUTES: RouteSpec[] = TABLE.map(([path, flags]) => ({ path, ...DEFAULTS, ...flags }));

const PATTERNS = ROUTES.map((spec) => ({
  spec,
  names: [...spec.path.matchAll(/\$(\w+)/g)].map((m) => m[1]),
  regex: new RegExp(`^${spec.path.replace(/\$\w+/g, '([^/]+)')}$`),
}));

/**
 * The farm home of a member with this role: the route that names the role in `homeFor`
 * (the keeper's Today, the manager's attention board), else the farm home itself.
 */
export function farmHome(farmId: string, roleId: number | undefined): string {
  const home = roleId === undefined ? undefined : ROUTES.find((r) => r.homeFor?.includes(roleId));
  return (home?.path ?? FARM).replace('$farm_id', encodeURIComponent(farmId));
}

export interface RouteMatch {
  spec: RouteSpec;
  params: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { spec, names, regex } of PATTERNS) {
    const found = regex.exec(path);
    if (found) {
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
      return { spec, params };
    }
  }
  return null;
}
