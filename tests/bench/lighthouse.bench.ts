/**
 * Lighthouse 11 (it still has the PWA category) on the built app, mobile profile:
 * prints installability, PWA, performance and accessibility scores of the sign-in page.
 * Needs `npm run build` first. Figures, not pass/fail.
 *
 *   node --import tsx tests/bench/lighthouse.bench.ts [path=/login]
 */

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startAppServer } from '../helpers/app-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../helpers/chromium.ts';

const path = process.argv[2] ?? '/login';

async function main() {
  const app = await startAppServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['pwa', 'performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const installable = audits['installable-manifest'];
    console.log(`page: ${path}`);
    console.log(`installable: ${installable?.score === 1 ? 'yes' : 'NO'}`);
    for (const item of (installable?.details as { items?: { reason?: string }[] } | undefined)?.items ?? []) {
      if (item.reason) console.log(`  installability problem: ${item.reason}`);
    }
    for (const id of ['service-worker', 'themed-omnibox', 'maskable-icon', 'splash-screen', 'viewport']) {
      if (audits[id])
        console.log(`audit ${id}: ${audits[id].score === 1 ? 'pass' : `fail (${audits[id].title})`}`);
    }
    for (const [id, category] of Object.entries(categories)) {
      console.log(`score ${id}: ${category.score === null ? 'n/a' : category.score.toFixed(2)}`);
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
