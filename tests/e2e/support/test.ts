import { test as base } from '@playwright/test';

/**
 * Every spec's `test`: Playwright's, and after each test the browser contexts it opened
 * (`browser.newContext()`, a second phone, a desktop) are closed. The browser is shared by
 * the whole run; a context left open kept its app syncing, polling and rendering under every
 * later test (seven pages of earlier tests were alive when one failed), which cost the run
 * CPU and made later tests flaky.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close().catch(() => undefined)),
      );
    },
    { auto: true },
  ],
});
