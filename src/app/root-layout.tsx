import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { featureAction, useCurrentFarm, useRouteFarmId, useSyncedFarm } from '#components/farm-data';
import { useAfterFirstScreen } from '#components/first-screen.ts';
import {
  AlertIcon,
  CheckIcon,
  HomeIcon,
  PondsIcon,
  ReportIcon,
  ReviewIcon,
  SettingsIcon,
  TableIcon,
  TrendIcon,
  UserIcon,
  WalletIcon,
  WarehouseIcon,
  WaterIcon,
} from '#components/icons';
import { AppShell, type ShellFlags } from '#components/layout/app-shell';
import { HistoryFillingNotice } from '#components/layout/history-notice';
import type { NavItem } from '#components/layout/nav-links';
import { UnsentTooLong } from '#components/layout/storage-notices';
import { lazyPart } from '#components/lazy-part';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { resetFetched } from '#components/use-fetched.ts';
import { ChatButton } from '#features/chat/chat-button';
import { ChatProvider } from '#features/chat/client/chat-provider';
import { sessionStore } from '#local/session-store';
import { sidebarUsable } from '#shared/domain/permissions';
import { InstallPrompt } from './install-prompt.tsx';
import { PwaUpdate } from './pwa-update.tsx';
import { embedLinkUnusable, isEmbedRequest } from './route-guards.ts';
import { farmHome, matchRoute } from './route-table.ts';

/** Navigation lists only screens that exist; the rest of the route table waits for its feature. */
function useNavItems(farmId: string | undefined): NavItem[] {
  const { t } = useTranslation('ui');
  const { farm: current } = useCurrentFarm();
  // Finance only where the farm shows it and the member may view it (issue 16).
  const finance =
    current?.farm_id === farmId && !current?.is_hide_finance && featureAction(current, 'finance') >= 0;
  // The review table for whoever may view water quality (issue 17).
  const review = current?.farm_id === farmId && featureAction(current, 'water_quality') >= 0;
  const reports = current?.farm_id === farmId && featureAction(current, 'stock') >= 0;
  const roleId = current?.farm_id === farmId ? current?.role_id : undefined;
  return useMemo(() => {
    if (!farmId) return [];
    const farm = `/farm/${encodeURIComponent(farmId)}`;
    const today = `${farm}/today`;
    const home = farmHome(farmId, roleId);
    // The keeper's home is Today (issue 31); everyone else has Today as a tab next to the
    // home, and reaches the water entry from Today on a phone (the bottom bar holds six).
    return [
      home === today
        ? { to: today, label: t('nav.today'), icon: CheckIcon }
        : home === `${farm}/attention`
          ? // The manager's home is the attention board (issue 31); the ponds stay a link away.
            { to: home, label: t('nav.attention'), icon: HomeIcon }
          : { to: home, label: t('nav.farmHome'), icon: HomeIcon, exact: true },
      // The manager's home is the board, the ponds a link away; everyone else reaches the
      // board from the sidebar (and the farm home's buttons on a phone).
      home === `${farm}/attention`
        ? { to: `${farm}?home=farm`, label: t('nav.ponds'), icon: PondsIcon, exact: true, sidebarOnly: true }
        : { to: `${farm}/attention`, label: t('nav.attention'), icon: AlertIcon, sidebarOnly: true },
      ...(home === today ? [] : [{ to: today, label: t('nav.today'), icon: CheckIcon }]),
      {
        to: `${farm}/water-quality/add`,
        label: t('nav.water'),
        icon: WaterIcon,
        sidebarOnly: home !== today,
      },
      ...(review
        ? [{ to: `${farm}/review`, label: t('nav.review'), icon: ReviewIcon, sidebarOnly: true }]
        : []),
      // Farm analysis and comparison (issue 17): every member (each view asks its own permission).
      { to: `${farm}/analysis`, label: t('nav.analysis'), icon: TrendIcon, sidebarOnly: true },
      // The cycle overview (every pond's DOC, ABW, SR, biomass, FCR and the harvest plan) and
      // the reports next to the analysis (issue 17): whoever may view stockings.
      ...(reports
        ? [
            { to: `${farm}/overview`, label: t('nav.overview'), icon: TableIcon, sidebarOnly: true },
            { to: `${farm}/report`, label: t('nav.report'), icon: ReportIcon, sidebarOnly: true },
          ]
        : []),
      { to: `${farm}/warehouse`, label: t('nav.warehouse'), icon: WarehouseIcon },
      ...(finance ? [{ to: `${farm}/finance`, label: t('nav.finance'), icon: WalletIcon }] : []),
      { to: `${farm}/settings`, label: t('nav.settings'), icon: SettingsIcon },
      // On a phone the navbar's profile button is enough: the bottom bar keeps five, each label whole.
      { to: '/profile', label: t('nav.profile'), icon: UserIcon, sidebarOnly: true },
    ];
  }, [farmId, finance, review, reports, roleId, t]);
}

/**
 * The farm home (`/farm/{id}`) opens the member's own home when the route table names one
 * for the role (the keeper's Today); `?home=farm` keeps the farm home (ponds and blocks).
 */
function useRoleHome(farmId: string | undefined) {
  const location = useLocation();
  const router = useRouter();
  const { farm } = useCurrentFarm();
  const search = location.search as Record<string, unknown>;
  const target =
    farmId && farm?.farm_id === farmId && location.pathname === `/farm/${encodeURIComponent(farmId)}`
      ? farmHome(farmId, farm.role_id)
      : null;
  const moveTo = target && target !== location.pathname && search.home !== 'farm' ? target : null;
  useEffect(() => {
    if (moveTo) void router.navigate({ href: moveTo, replace: true });
  }, [moveTo, router]);
}

/**
 * Session changes move the user: logging in re-runs the guards (account pages send on to
 * the farm); logging out goes to /login (seed 000 §2); a 401 clears the session visibly,
 * with a toast, and comes back to the same page after the next login.
 */
function useSessionEffects(onEmbedRefused: () => void) {
  const router = useRouter();
  const toast = useToast();
  const { t } = useTranslation();
  const loginTarget = useRef('/login');
  useEffect(() => {
    const offSession = sessionStore.subscribe((session) => {
      if (session) {
        void router.invalidate();
        return;
      }
      resetFetched();
      void router.navigate({ href: loginTarget.current, replace: true });
      loginTarget.current = '/login';
    });
    const offExpired = sessionStore.onExpired(() => {
      if (!sessionStore.get()) return;
      // An embed link's token refused: a clear page in place of the screen, no login (ADR 0018).
      if (sessionStore.get()?.embed) {
        onEmbedRefused();
        return;
      }
      toast.error(t('common:error.session-expired'));
      loginTarget.current = `/login?redirect=${encodeURIComponent(router.state.location.href)}`;
      sessionStore.clear();
    });
    return () => {
      offSession();
      offExpired();
    };
  }, [router, toast, t, onEmbedRefused]);
}

/** The page an embed link shows when its token is refused (its own chunk, like the screens). */
const EmbedDenied = lazyPart(() =>
  import('#features/reports/embed-denied').then((m) => ({ default: m.EmbedDenied })),
);
const refusedTokens = new Set<string>();

export function RootLayout() {
  const location = useLocation();
  const farmId = useRouteFarmId();
  const nav = useNavItems(farmId);
  useSyncedFarm(farmId);
  useRoleHome(farmId);
  const [, setRefused] = useState(0);
  const onEmbedRefused = useMemo(
    () => () => {
      const token = sessionStore.get()?.token;
      if (token) refusedTokens.add(token);
      setRefused((n) => n + 1);
    },
    [],
  );
  useSessionEffects(onEmbedRefused);

  const session = useSession();
  const spec = matchRoute(location.pathname)?.spec;
  const embed = Boolean(spec?.embeddable && isEmbedRequest(location.search as Record<string, unknown>));
  const { farm: currentFarm } = useCurrentFarm();
  // On a farm's screens the member's permissions decide (seed 000 §2); elsewhere the route.
  const compactNav =
    Boolean(farmId) &&
    currentFarm?.farm_id === farmId &&
    !sidebarUsable((feature) => featureAction(currentFarm, feature));
  const flags: ShellFlags = {
    sidebar: spec?.sidebar ?? false,
    compactNav,
    navbar: spec?.navbar ?? true,
    hideHelp: spec?.hideHelp ?? false,
    embed,
    bare: spec?.access === 'guest',
  };

  const search = location.search as Record<string, unknown>;
  // Refused by the server (expired, revoked, tampered, out of scope), or no embed token at
  // all (a session token in the URL is never used): the translated page, never the screen.
  const embedRefused =
    embed &&
    (embedLinkUnusable(matchRoute(location.pathname), search) ||
      !session?.embed ||
      refusedTokens.has(session.token));
  const showChat = Boolean(session) && !embed && !(spec?.hideChat ?? false);
  // The install offer is a card at the top of the farm screens, never over a form.
  const offerInstall =
    !embed &&
    (spec?.path === '/farm' || spec?.path === '/farm/$farm_id' || spec?.path === '/farm/$farm_id/today');
  // The service worker registers (and precaches every chunk) once the first screen is up.
  const registerWorker = useAfterFirstScreen();

  return (
    <ChatProvider>
      <AppShell flags={flags} nav={nav}>
        {!embed && registerWorker && <PwaUpdate />}
        {/* The home screens say when records have waited more than a day for signal. */}
        {!embed && (spec?.path === '/farm/$farm_id' || spec?.path === '/farm/$farm_id/today') && (
          <UnsentTooLong />
        )}
        {embedRefused ? (
          <Suspense fallback={null}>
            <EmbedDenied />
          </Suspense>
        ) : (
          <Outlet />
        )}
        {/* A new device: the farm's older records are still coming (ADR 0086). Below the
            screen: it comes and goes while the screen is in use (on a slow phone about 2 s
            after the screen, for a second), and above it pushed the whole screen down and
            back up under the keeper's thumb (farm home CLS 0.28 in CI's Lighthouse runs). */}
        {!embed && farmId && <HistoryFillingNotice farmId={farmId} />}
        {/* Below the screen: it comes after the first paint and must not push the screen down. */}
        {offerInstall && <InstallPrompt />}
        {showChat && <ChatButton />}
      </AppShell>
    </ChatProvider>
  );
}
