import type { Page } from 'playwright-core';
import type { AnyRow } from '#local/db';
import type { DeviceView } from '../checker.ts';
import type { Snapshot } from './page-api.ts';
import { waitUntil } from './wait.ts';

/** The checker's view of each device: what its page's Dexie held after the drain. */
export function snapshotViews(snapshots: Snapshot[]): DeviceView[] {
  return snapshots.map((s) => {
    const byTable = new Map<string, Map<string, AnyRow>>();
    for (const [table, rows] of Object.entries(s.rows)) byTable.set(table, new Map(rows));
    return {
      get: async (table, id) => byTable.get(table)?.get(id),
      unsettled: async () => s.outbox.filter((e) => e.status !== 'failed').length,
    };
  });
}

/**
 * The device's /sync screen as its user sees it: how many records it lists as failed and
 * how many of those show a reason. Waits (bounded) for the list to reach `want`.
 */
export async function syncScreenFailures(
  page: Page,
  want: number,
): Promise<{ shown: number; withReason: number }> {
  await page.goto('/sync');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const failed = page.locator('li.sync-item--failed');
  await waitUntil(async () => (await failed.count()) === want, 10_000);
  const reasons = await failed.evaluateAll((items) =>
    items.map(
      (li) =>
        li
          .querySelector('.sync-item__reason')
          ?.textContent?.replace(/^[^:]*:/, '')
          .trim() ?? '',
    ),
  );
  return { shown: reasons.length, withReason: reasons.filter((r) => r.length > 0).length };
}
