// Writes the OpenAPI document the app serves at /api/docs/json and lints it with
// Spectral (.spectral.yaml). The app is built but never listens and never connects
// to a database: the document depends on the routes only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/database.ts';

const dir = mkdtempSync(join(tmpdir(), 'tambak-openapi-'));
const file = join(dir, 'openapi.json');
// A pool that is never used: no query runs while the document is built.
const db = createDb('postgres://127.0.0.1:1/unused', 1);
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', LOG_LEVEL: 'error', DATA_DIR: dir }),
  {
    db,
  },
);
await app.ready();
writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await db.destroy();

const result = spawnSync(
  'npx',
  ['spectral', 'lint', '--fail-severity=warn', '--ruleset', '.spectral.yaml', file],
  {
    stdio: 'inherit',
  },
);
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
