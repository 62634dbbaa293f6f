import type { BrowserContext, CDPSession } from 'playwright-core';
import { waitFor } from './wait.ts';

/**
 * Fires the service worker's Background Sync event through the DevTools protocol (as
 * tests/e2e/support/chromium.ts does, without Playwright's test runner): from a blank page
 * of the context, so the app's pages may all be closed while the worker replays.
 */
export class WorkerSync {
  private registrationId: string | undefined;
  private constructor(
    private readonly cdp: CDPSession,
    private readonly origin: string,
  ) {}

  static async attach(context: BrowserContext, origin: string): Promise<WorkerSync> {
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const sync = new WorkerSync(cdp, origin);
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const mine = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) sync.registrationId = mine.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await waitFor(() => sync.registrationId !== undefined, 10_000, 'service worker registration');
    return sync;
  }

  /** Dispatches `sync` for the outbox queue; false when Chromium refused (e.g. emulated offline). */
  async fire(queue = 'tambak-outbox'): Promise<boolean> {
    try {
      await this.cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin: this.origin,
        registrationId: this.registrationId as string,
        tag: `workbox-background-sync:${queue}`,
        lastChance: false,
      });
      return true;
    } catch {
      return false;
    }
  }
}
