import { type Browser, type BrowserContext, type CDPSession, expect } from '@playwright/test';

/** A second person on another device: a fresh browser context with the same settings. */
export async function newDevice(
  browser: Browser,
  viewport = { width: 360, height: 800 },
): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
}

/**
 * Fires the service worker's Background Sync and push events through the DevTools protocol, as
 * TOOLCHAIN.md describes. It works from a blank page of the same context, so the app's own
 * pages can be closed (the case the worker exists for).
 */
export class BackgroundSync {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly origin: string,
    private readonly registrationId: () => string | undefined,
  ) {}

  static async attach(context: BrowserContext): Promise<BackgroundSync> {
    const origin = new URL(context.pages()[0]?.url() ?? 'http://127.0.0.1').origin;
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    let registrationId: string | undefined;
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const mine = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) registrationId = mine.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrationId).toBeDefined();
    return new BackgroundSync(cdp, origin, () => registrationId);
  }

  async fire(queue: string): Promise<void> {
    await this.cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: this.origin,
      registrationId: this.registrationId() as string,
      tag: `workbox-background-sync:${queue}`,
      lastChance: false,
    });
  }

  /** Delivers a push message to the worker as a push service would (TOOLCHAIN.md: no real push service here). */
  async push(data: string): Promise<void> {
    await this.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: this.origin,
      registrationId: this.registrationId() as string,
      data,
    });
  }
}
