import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/database.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from './db/embedded.ts';
import { logsRequests } from './log-lines.ts';
import {
  checkDatabase,
  checkDataDir,
  checkPortFree,
  checkStaticDir,
  explainStartFailure,
  StartupError,
} from './startup-checks.ts';

/** The embedded cluster once started: a start that fails later stops it before exiting. */
let cluster: EmbeddedCluster | null = null;

/**
 * Starts Tambak: embedded PostgreSQL unless DATABASE_URL is set, migrations, the API and
 * the built PWA. SIGINT/SIGTERM finish in-flight requests, close the pool, then stop
 * the embedded database.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // A half-configured provider is named here and the self-hosted default is used (provider-config.ts).
  for (const warning of config.providers.warnings) console.warn(`Configuration warning: ${warning}`);

  let databaseUrl = config.databaseUrl;
  // Each step that can fail on a user's machine says what failed and what to do (startup-checks.ts).
  const context = { dataDir: config.dataDir, host: config.host, port: config.port };
  const run = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw explainStartFailure(error, name, context);
    }
  };
  await run('Checking the data folder', () => checkDataDir(config.dataDir));
  await run('Checking the build', () => checkStaticDir(config.staticDir));
  await run('Checking the port', () => checkPortFree(config.host, config.port, 'PORT', 'the server'));
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    step(`Starting the database in ${dir}`);
    await run('Checking the database port', () =>
      checkPortFree('127.0.0.1', config.embeddedPgPort, 'EMBEDDED_PG_PORT', 'the embedded database'),
    );
    // PostgreSQL's own log only when asked for (LOG_LEVEL=debug); its errors always.
    cluster = await run('Starting the embedded database', () =>
      startEmbeddedPostgres(dir, config.embeddedPgPort, !logsRequests(config.logLevel)),
    );
    const started = cluster;
    await run('Creating the database', () => started.createDatabase('tambak'));
    const url = started.localUrl('tambak');
    databaseUrl = url;
    await run('Connecting to the database', () =>
      checkDatabase(url, config.databaseConnectTimeoutSeconds, 'the embedded database'),
    );
  } else {
    step('Using the database at DATABASE_URL');
    const url = databaseUrl;
    await run('Connecting to the database', () =>
      checkDatabase(url, config.databaseConnectTimeoutSeconds, 'DATABASE_URL'),
    );
  }
  const db = createDb(databaseUrl);
  step('Database ready; applying migrations');
  await run('Applying migrations', () => migrateToLatest(db));
  const app = await run('Building the server', () => buildApp(config, { db, databaseUrl }));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await db.destroy();
      await cluster?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await run('Listening', () =>
    app.listen({
      host: config.host,
      port: config.port,
      listenTextResolver: (address) => `Listening on ${address}`,
    }),
  );
  step(`Ready: open ${config.publicUrl} in a browser`);
}

/** One plain line per start-up step (see README, "Start"). */
function step(line: string): void {
  process.stdout.write(`${line}\n`);
}

main().catch(async (error) => {
  // One line: what failed and what to do (a StartupError), else the error itself.
  console.error(error instanceof StartupError ? `Start failed: ${error.message}` : error);
  await cluster?.stop().catch(() => {});
  process.exit(1);
});
