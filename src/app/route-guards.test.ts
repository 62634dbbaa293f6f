import { describe, expect, it } from 'vitest';
import { EMBED_SCREEN_PATHS, EMBED_SCREENS } from '#shared/domain/embed';
import { decideNavigation, embedLinkUnusable, embedSessionFrom, safeRedirect } from './route-guards.ts';
import { farmHome, matchRoute, ROUTES } from './route-table.ts';

describe('route table', () => {
  it('declares every route of seed 000 §2 and the chat routes of seed 001', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of [
      '/',
      '/farm',
      '/farm-registration',
      '/farm/$farm_id',
      '/farm/$farm_id/finance/report',
      '/farm/$farm_id/warehouse/$warehouse_id',
      '/farm/$farm_id/purchase-order',
      '/notifications',
      '/profile',
      '/reset/password',
      '/chat',
      '/sync-chat-user',
    ]) {
      expect(paths).toContain(path);
    }
    // 32 routes of the seeds, plus the app's own screens (pond detail, sync status,
    // production forms, death and disease alerts, notes, the larvae counter, the review table).
    const extras = [
      '/farm/$farm_id/pond/$pond_id',
      '/sync',
      '/farm/$farm_id/stock/add',
      '/farm/$farm_id/harvest/add',
      '/farm/$farm_id/death/add',
      '/farm/$farm_id/death-alert',
      '/farm/$farm_id/notes',
      '/farm/$farm_id/disease-alert',
      '/farm/$farm_id/larvae-count',
      '/farm/$farm_id/review',
      '/farm/$farm_id/analysis',
      // The keeper's day (issue 31).
      '/farm/$farm_id/today',
      '/farm/$farm_id/attention',
      // System admins' error reports (issue 30 point 1).
      '/admin/errors',
    ];
    for (const path of extras) expect(paths).toContain(path);
    expect(paths).toHaveLength(32 + extras.length);
  });

  it("names each role's farm home: a keeper's is Today, a manager's the board, one screen per role at most", () => {
    expect(farmHome('f 1', 3)).toBe('/farm/f%201/today');
    expect(farmHome('f1', 1)).toBe('/farm/f1/attention');
    expect(farmHome('f1', 2)).toBe('/farm/f1/attention');
    expect(farmHome('f1', 4)).toBe('/farm/f1');
    expect(farmHome('f1', undefined)).toBe('/farm/f1');
    const homes = ROUTES.flatMap((r) => (r.homeFor ?? []).map((role) => [role, r.path] as const));
    expect(new Set(homes.map(([role]) => role)).size).toBe(homes.length);
    for (const [, path] of homes) expect(path.startsWith('/farm/$farm_id/')).toBe(true);
  });

  it('matches paths with their parameters, ignoring a trailing slash', () => {
    expect(matchRoute('/farm/f-1/settings/')).toMatchObject({
      spec: { path: '/farm/$farm_id/settings' },
      params: { farm_id: 'f-1' },
    });
    expect(matchRoute('/farm/f-1/warehouse/w-9')?.params).toEqual({ farm_id: 'f-1', warehouse_id: 'w-9' });
    expect(matchRoute('/nope')).toBeNull();
  });

  it('carries the route flags of the spec', () => {
    expect(matchRoute('/farm-registration')?.spec.sidebar).toBe(false);
    expect(matchRoute('/farm/f/settings')?.spec.sidebar).toBe(true);
    expect(matchRoute('/farm/f/report')?.spec).toMatchObject({
      embeddable: true,
      navbar: false,
      hideChat: true,
    });
    expect(matchRoute('/farm/f/overview/embed')?.spec.navbar).toBe(false);
    expect(matchRoute('/login')?.spec).toMatchObject({ access: 'guest', hideChat: true });
    expect(matchRoute('/chat')?.spec).toMatchObject({ hideChat: true, hideHelp: true, navbar: false });
  });
});

describe('decideNavigation', () => {
  it('sends protected routes without a session to /login, remembering where to return', () => {
    expect(decideNavigation('/farm/f/settings', '/farm/f/settings?tab=ponds', false)).toEqual({
      redirect: '/login?redirect=%2Ffarm%2Ff%2Fsettings%3Ftab%3Dponds',
    });
    expect(decideNavigation('/farm', '/farm', false)).toEqual({ redirect: '/login' });
  });

  it('sends logged-in visitors of account pages to /farm', () => {
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset/password',
      '/email-verification',
    ]) {
      expect(decideNavigation(path, path, true)).toEqual({ redirect: '/farm' });
    }
  });

  it('sends a user who just logged in back to the page they came from', () => {
    expect(decideNavigation('/login', '/login?redirect=%2Fprofile', true, '/profile')).toEqual({
      redirect: '/profile',
    });
    expect(decideNavigation('/login', '/login', true, 'https://evil.example')).toEqual({ redirect: '/farm' });
  });

  it('lets logged-out visitors see account pages', () => {
    expect(decideNavigation('/login', '/login', false)).toMatchObject({ redirect: null });
  });

  it('redirects / to /farm and unknown paths to /', () => {
    expect(decideNavigation('/', '/', true)).toEqual({ redirect: '/farm' });
    expect(decideNavigation('/what/ever', '/what/ever', true)).toEqual({ redirect: '/' });
  });

  it('has a screen for every route of the spec’s table (an unbuilt one would lead to the farm home)', () => {
    expect(ROUTES.filter((r) => !r.built).map((r) => r.path)).toEqual([]);
  });

  it('renders built protected routes for a logged-in user', () => {
    expect(decideNavigation('/farm/f1/report', '/farm/f1/report', true)).toMatchObject({ redirect: null });
    expect(decideNavigation('/farm/f1/settings', '/farm/f1/settings', true)).toMatchObject({
      redirect: null,
      match: { params: { farm_id: 'f1' } },
    });
  });
});

describe('embed mode', () => {
  it('takes an embed link token and pu_id as the session on an embeddable route', () => {
    const match = matchRoute('/farm/f1/report');
    expect(embedSessionFrom(match, { output: 'embed', token: 'emb_abc', pu_id: 42 })).toEqual({
      token: 'emb_abc',
      puId: '42',
    });
    expect(embedLinkUnusable(match, { output: 'embed', token: 'emb_abc' })).toBe(false);
  });

  it('never takes a session token from a URL: the link is unusable, no session is handed over', () => {
    const match = matchRoute('/farm/f1/report');
    expect(embedSessionFrom(match, { output: 'embed', token: 'a-session-token' })).toBeNull();
    expect(embedLinkUnusable(match, { output: 'embed', token: 'a-session-token' })).toBe(true);
    expect(embedLinkUnusable(match, { output: 'embed' })).toBe(true);
  });

  it('ignores embed parameters on other routes or without output=embed', () => {
    expect(
      embedSessionFrom(matchRoute('/farm/f1/settings'), { output: 'embed', token: 'emb_abc' }),
    ).toBeNull();
    expect(embedLinkUnusable(matchRoute('/farm/f1/settings'), { output: 'embed', token: 'x' })).toBe(false);
    expect(embedSessionFrom(matchRoute('/farm/f1/report'), { output: 'embed' })).toBeNull();
    expect(embedSessionFrom(matchRoute('/farm/f1/report'), { token: 'emb_abc' })).toBeNull();
    expect(embedLinkUnusable(matchRoute('/farm/f1/report'), { token: 'x' })).toBe(false);
  });

  it('the embeddable routes of the table are the screens an embed link can be made for', () => {
    const embeddable = ROUTES.filter((r) => r.embeddable)
      .map((r) => r.path)
      .sort();
    expect(Object.values(EMBED_SCREEN_PATHS).sort()).toEqual(embeddable);
    expect([...EMBED_SCREENS].sort()).toEqual(Object.keys(EMBED_SCREEN_PATHS).sort());
  });
});

describe('safeRedirect', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirect('/farm/f1')).toBe('/farm/f1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
