import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/database.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from './db/embedded.ts';
import { logsRequests } from './log-lines.ts';

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

  let cluster: EmbeddedCluster | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    step(`Starting the database in ${dir}`);
    // PostgreSQL's own log only when asked for (LOG_LEVEL=debug); its errors always.
    cluster = await startEmbeddedPostgres(dir, config.embeddedPgPort, !logsRequests(config.logLevel));
    await cluster.createDatabase('tambak');
    databaseUrl = cluster.url('tambak');
  } else {
    step('Using the database at DATABASE_URL');
  }
  const db = createDb(databaseUrl);
  step('Database ready; applying migrations');
  await migrateToLatest(db);
  const app = await buildApp(config, { db, databaseUrl });

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

  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `Listening on ${address}`,
  });
  step(`Ready: open ${config.publicUrl} in a browser`);
}

/** One plain line per start-up step (see README, "Start"). */
function step(line: string): void {
  process.stdout.write(`${line}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
