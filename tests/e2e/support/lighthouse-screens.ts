import { type APIRequestContext, expect } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from './api-setup.ts';
import {
  type AuditFigures,
  auditMedian,
  type Budget,
  formatFigures,
  LighthouseBrowser,
} from './lighthouse.ts';

/** The screens a farm opens every day, audited by the e2e test and the Lighthouse bench. */
export const SCREEN_NAMES = ['login', 'farm-home', 'water-entry', 'settings'] as const;

export interface ScreenAudit {
  name: string;
  path: string;
  median: AuditFigures;
  runs: AuditFigures[];
}

/**
 * Signs a new owner up through the API, registers a 3-pond farm, then audits each screen
 * (the guest screen first, then the signed-in ones on a device that holds the session and
 * its local copy of the farm). `runsPerScreen` 1 takes one run; otherwise the median rule
 * of `auditMedian` against `budget`. `only` audits a subset by name.
 */
export async function auditMainScreens(
  request: APIRequestContext,
  origin: string,
  options: {
    budget: Budget;
    /** One run per screen, without the performance category (speed is the bench's). */
    single: boolean;
    only?: string[];
    report: (line: string) => void;
  },
): Promise<ScreenAudit[]> {
  const owner = await apiSignUp(request, 'Lighthouse');
  const api = new ApiAs(request, owner.token);
  const { farmId } = await apiFarm(api, 'Tambak Sejahtera', ['Kolam 1', 'Kolam 2', 'Kolam 3']);
  const screens = [
    { name: 'login', path: '/login', signedIn: false },
    { name: 'farm-home', path: `/farm/${farmId}?home=farm`, signedIn: true },
    { name: 'today', path: `/farm/${farmId}/today`, signedIn: true },
    { name: 'water-entry', path: `/farm/${farmId}/water-quality/add`, signedIn: true },
    { name: 'settings', path: `/farm/${farmId}/settings`, signedIn: true },
  ].filter((s) => !options.only || options.only.includes(s.name));

  const results: ScreenAudit[] = [];
  const browser = await LighthouseBrowser.launch();
  let seeded = false;
  try {
    for (const screen of screens) {
      if (screen.signedIn && !seeded) {
        await browser.signIn(origin, owner, `/farm/${farmId}?home=farm`, (page) =>
          expect(page.getByText('Kolam 3')).toBeVisible(),
        );
        seeded = true;
      }
      options.report(`${screen.name} (${screen.path})`);
      const saveAs = (run: number) => `tests/bench/out/lighthouse-${screen.name}-${run}.json`;
      let runs: AuditFigures[];
      let median: AuditFigures;
      if (options.single) {
        const run = await browser.audit(`${origin}${screen.path}`, saveAs(1), false);
        runs = [run];
        median = run;
      } else {
        ({ runs, median } = await auditMedian(
          browser,
          `${origin}${screen.path}`,
          options.budget,
          options.report,
          saveAs,
        ));
      }
      options.report(formatFigures(options.single ? '  run' : '  median', median));
      if (median.opportunities.length) options.report(`  opportunities: ${median.opportunities.join(', ')}`);
      results.push({ name: screen.name, path: screen.path, median, runs });
    }
  } finally {
    await browser.close();
  }
  return results;
}
