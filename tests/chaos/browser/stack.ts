import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '../../../src/server/db/database.ts';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded.ts';
import { LoopbackProxy } from '../../helpers/loopback-proxy.ts';
import { freePort, freshDatabase, ServerProcess } from '../../helpers/server-process.ts';

/**
 * What the browser chaos run plays against: its own embedded PostgreSQL, the real server
 * as a child process serving the built app (STATIC_DIR), and a loopback proxy in front of
 * it. Browsers talk to the proxy only, so the server can be SIGKILLed and restarted on the
 * same port and the proxy can cut an answer after the server committed.
 */
export interface ChaosStack {
  server: ServerProcess;
  proxy: LoopbackProxy;
  /** The origin the browsers use (the proxy). */
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startStack(options: { staticDir: string; pgPort?: number }): Promise<ChaosStack> {
  const dir = mkdtempSync(join(tmpdir(), 'tambak-chaos-browser-pg-'));
  const cluster = await startEmbeddedPostgres(dir, options.pgPort ?? (await freePort()), true);
  await cluster.createDatabase('tambak_template');
  const template = createDb(cluster.url('tambak_template'), 2);
  await migrateToLatest(template);
  await template.destroy();
  const serverPort = await freePort();
  // A dead backend is tried again at once: there is only one, restarted on the same port.
  const proxy = new LoopbackProxy([{ host: '127.0.0.1', port: serverPort }], 0);
  await proxy.listen();
  const server = new ServerProcess(await freshDatabase(cluster.url('')), serverPort, {
    STATIC_DIR: options.staticDir,
    PUBLIC_URL: proxy.url,
  });
  await server.start();
  return {
    server,
    proxy,
    baseUrl: proxy.url,
    async stop() {
      await server.kill();
      await proxy.close();
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
