import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * A new phone (its own storage, 360×800) already signed in as `user` with `token`, showing
 * the app in `lang`: for screens whose sign-in is not what the test is about.
 */
export async function signedInPhone(
  browser: Browser,
  token: string,
  user: unknown,
  lang: 'id' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    locale: lang === 'id' ? 'id-ID' : 'en-US',
  });
  const page = await context.newPage();
  await page.addInitScript(
    ([t, u, l]) => {
      localStorage.setItem('tambak:session', JSON.stringify({ token: t, user: u }));
      localStorage.setItem('tambak:language', l as string);
    },
    [token, user, lang] as const,
  );
  return { context, page };
}
