// Bundled by tests/bench/farm-200-browser.bench.ts into the benchmark page: a new device's
// first sync with the client's own pull code, into Chromium's real IndexedDB.
import { TambakDb } from '../../../src/local/db.ts';
import { firstSyncFigures } from './first-sync-probe.ts';

async function run({ api, token, farmId }: { api: string; token: string; farmId: string }) {
  const db = new TambakDb(`first-sync-${Date.now()}`);
  try {
    return await firstSyncFigures(db, api, token, farmId);
  } finally {
    db.close();
    await db.delete();
  }
}

(globalThis as unknown as { benchFirstSync: typeof run }).benchFirstSync = run;
