import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type ParsedLocation,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { prefetchBoard } from '#features/attention/attention-request.ts';
import { sessionStore } from '#local/session-store';
import { RootLayout } from './root-layout.tsx';
import { decideNavigation, embedLinkUnusable, embedSessionFrom } from './route-guards.ts';
import { matchRoute, ROUTES } from './route-table.ts';
import { withChunkTimeout } from './screen-chunk.ts';
import { ScreenLoadError } from './screen-load-error.tsx';

/**
 * Code-based TanStack route tree, history mode. All routes hang flat under the root; the
 * root's beforeLoad applies the rules of route-guards.ts on every navigation, and the root
 * layout picks the chrome from the route flags. Screens load lazily so the first download
 * stays small on a slow connection; the service worker precaches every chunk for offline.
 */
/** A lazy screen whose code is given up on after seed 000 §9's 120 s (screen-chunk.ts). */
const screen = (importer: () => Promise<Record<string, unknown>>, name: string): RouteComponent =>
  lazyRouteComponent(withChunkTimeout(importer) as () => Promise<Record<string, RouteComponent>>, name);

const SCREENS: Record<string, RouteComponent> = {
  '/farm': screen(() => import('#features/farm/farm-index-screen'), 'FarmIndexScreen'),
  '/farm-registration': screen(
    () => import('#features/farm/farm-registration-screen'),
    'FarmRegistrationScreen',
  ),
  '/farm/$farm_id': screen(() => import('#features/farm/farm-home-screen'), 'FarmHomeScreen'),
  '/farm/$farm_id/settings': screen(() => import('#app/screens/settings-page'), 'SettingsScreen'),
  '/farm/$farm_id/water-quality/add': screen(
    () => import('#features/water/water-entry-screen'),
    'WaterEntryScreen',
  ),
  '/farm/$farm_id/pond/$pond_id': screen(() => import('#app/screens/pond-screen'), 'PondScreen'),
  '/farm/$farm_id/finance': screen(() => import('#features/finance/finance-screen'), 'FinanceScreen'),
  '/farm/$farm_id/finance/settings': screen(
    () => import('#features/finance/finance-settings-screen'),
    'FinanceSettingsScreen',
  ),
  '/farm/$farm_id/finance/report': screen(
    () => import('#features/finance/finance-report-screen'),
    'FinanceReportScreen',
  ),
  '/profile': screen(() => import('#features/profile/profile-screen'), 'ProfileScreen'),
  '/sync': screen(() => import('#features/sync/sync-screen'), 'SyncScreen'),
  '/chat': screen(() => import('#features/chat/chat-screen'), 'ChatScreen'),
  '/sync-chat-user': screen(
    () => import('#features/chat/sync-chat-user/sync-chat-user-screen'),
    'SyncChatUserScreen',
  ),
  '/login': screen(() => import('#features/account/login-screen'), 'LoginScreen'),
  '/register': screen(() => import('#features/account/register-screen'), 'RegisterScreen'),
  '/forgot-password': screen(
    () => import('#features/account/forgot-password-screen'),
    'ForgotPasswordScreen',
  ),
  '/reset/password': screen(() => import('#features/account/reset-password-screen'), 'ResetPasswordScreen'),
  '/email-verification': screen(
    () => import('#features/account/email-verification-screen'),
    'EmailVerificationScreen',
  ),
  '/farm/$farm_id/sampling/add': screen(
    () => import('#features/sampling/sampling-entry-screen'),
    'SamplingEntryScreen',
  ),
  '/farm/$farm_id/overview': screen(() => import('#app/screens/overview-page'), 'OverviewPage'),
  '/farm/$farm_id/overview/embed': screen(() => import('#app/screens/overview-page'), 'OverviewEmbedPage'),
  '/farm/$farm_id/stock/add': screen(() => import('#app/screens/stock-screen'), 'StockScreen'),
  '/farm/$farm_id/harvest/add': screen(
    () => import('#features/production/harvest-form-screen'),
    'HarvestFormScreen',
  ),
  '/farm/$farm_id/death/add': screen(
    () => import('#features/production/death-form-screen'),
    'DeathFormScreen',
  ),
  '/farm/$farm_id/death-alert': screen(
    () => import('#features/production/death-alert-screen'),
    'DeathAlertScreen',
  ),
  '/farm/$farm_id/warehouse': screen(() => import('#features/warehouse/warehouse-screen'), 'WarehouseScreen'),
  '/farm/$farm_id/warehouse/$warehouse_id': screen(
    () => import('#features/warehouse/item-screen'),
    'ItemScreen',
  ),
  '/farm/$farm_id/feed/add': screen(() => import('#features/warehouse/use-entry-screen'), 'FeedEntryScreen'),
  '/farm/$farm_id/use-item/add': screen(
    () => import('#features/warehouse/use-entry-screen'),
    'UseItemEntryScreen',
  ),
  '/farm/$farm_id/purchase-order': screen(
    () => import('#features/warehouse/purchase-order-screen'),
    'PurchaseOrderScreen',
  ),
  '/farm/$farm_id/feed-tray/add': screen(
    () => import('#features/records/anco-entry-screen'),
    'AncoEntryScreen',
  ),
  '/farm/$farm_id/water-change': screen(
    () => import('#features/records/water-change-screen'),
    'WaterChangeScreen',
  ),
  '/farm/$farm_id/notes': screen(() => import('#features/records/notes-screen'), 'NotesScreen'),
  '/farm/$farm_id/disease-alert': screen(
    () => import('#features/records/disease-alert-screen'),
    'DiseaseAlertScreen',
  ),
  '/notifications': screen(
    () => import('#features/notifications/notifications-screen'),
    'NotificationsScreen',
  ),
  '/farm/$farm_id/larvae-count': screen(
    () => import('#features/larvae/larvae-count-screen'),
    'LarvaeCountScreen',
  ),
  '/farm/$farm_id/review': screen(() => import('#features/review/review-screen'), 'ReviewScreen'),
  '/farm/$farm_id/analysis': screen(() => import('#features/analysis/analysis-screen'), 'AnalysisScreen'),
  '/farm/$farm_id/comparison': screen(() => import('#app/screens/comparison-screen'), 'ComparisonScreen'),
  '/farm/$farm_id/report': screen(() => import('#features/reports/reports-screen'), 'ReportScreen'),
  '/farm/$farm_id/history': screen(() => import('#features/reports/reports-screen'), 'HistoryScreen'),
  '/farm/$farm_id/today': screen(() => import('#features/today/today-screen'), 'TodayScreen'),
  '/farm/$farm_id/attention': screen(() => import('#features/attention/attention-screen'), 'AttentionScreen'),
  '/farm/$farm_id/history/embed': screen(() => import('#features/reports/reports-screen'), 'HistoryScreen'),
  '/admin/errors': screen(() => import('#features/errors/error-list-screen'), 'ErrorListScreen'),
};

function guard(location: ParsedLocation) {
  const search = location.search as Record<string, unknown>;
  const match = matchRoute(location.pathname);
  // A link without an embed token shows "link not valid" in place (root-layout.tsx), no login.
  if (embedLinkUnusable(match, search)) return;
  const embed = embedSessionFrom(match, search);
  if (embed && sessionStore.get()?.token !== embed.token) sessionStore.setEmbed(embed.token, embed.puId);
  const loggedIn = sessionStore.get() !== null;
  const decision = decideNavigation(location.pathname, location.href, loggedIn, search.redirect);
  if (decision.redirect !== null) throw redirect({ href: decision.redirect, replace: true });
}

const rootRoute = createRootRoute({
  beforeLoad: ({ location }) => guard(location),
  component: RootLayout,
});

/**
 * Reads a screen starts as soon as its route matches (and on a link's hover), in parallel
 * with its chunk and the local copy's start-up, not after its first render (ADR 0075).
 * The route never waits for them; the first sync run does (earlyReadsSettled).
 */
const EARLY_READS: Record<string, (params: Record<string, string>) => Promise<unknown>> = {
  '/farm/$farm_id/attention': (params) => prefetchBoard(params.farm_id),
};
/** The early reads not answered yet. */
const earlyReads: Promise<unknown>[] = [];

/**
 * Settles once the early reads started so far have their answers (at most `ms`): the app's
 * first sync pull waits for them, so a cold start on the board asks the server for the
 * board first, not behind the farm's pull (ADR 0075).
 */
export function earlyReadsSettled(ms: number): Promise<void> {
  return Promise.race([
    Promise.all(earlyReads).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}

const routes = ROUTES.map((spec) => {
  const early = EARLY_READS[spec.path];
  return createRoute({
    getParentRoute: () => rootRoute,
    path: spec.path,
    component: SCREENS[spec.path],
    ...(early
      ? {
          loader: ({ params }: { params: Record<string, string> }) => {
            const read = early(params);
            earlyReads.push(read);
            void read.then(() => earlyReads.splice(earlyReads.indexOf(read), 1));
          },
        }
      : {}),
  });
});
// Anything else: the guard already redirects to /; this keeps the router from a 404 screen.
const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$' });

export const routeTree = rootRoute.addChildren([...routes, catchAll]);

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    defaultPreload: 'intent',
    // A screen chunk that arrives within 300 ms shows without a flash of "loading".
    defaultPendingMs: 300,
    defaultPendingComponent: () => null,
    // A screen whose code did not arrive, or that failed drawing: translated, with a retry.
    defaultErrorComponent: ScreenLoadError,
  });
  // Seed 000 §2: every navigation starts at the top of the page.
  router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    if (fromLocation?.pathname !== toLocation.pathname) globalThis.scrollTo?.(0, 0);
  });
  return router;
}

export const router = createAppRouter();
