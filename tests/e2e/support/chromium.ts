import { type Browser, type BrowserContext, test as base } from '@playwright/test';

/** A second person on another device: a fresh browser context with the same settings. */
export async function newDevice(
  browser: Browser,
  viewport = { width: 360, height: 800 },
): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
}

export const test = base;
export { expect } from '@playwright/test';
