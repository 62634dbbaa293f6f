import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '#shared/chat/protocol';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';

/**
 * Chat test helpers: apps on one fresh database with the LISTEN connection on (so two
 * instances reach each other), and a socket client that waits for frames instead of
 * sleeping.
 */
export async function createChatApps(count: number): Promise<App[]> {
  // Typed in tests/helpers/global-postgres.ts, which the server project does not include.
  const base = inject('pgBaseUrl' as never) as string;
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE tambak_template`);
  await admin.end();
  const apps: App[] = [];
  for (let i = 0; i < count; i += 1) {
    const db = createDb(`${base}${name}`, 4);
    const config = loadConfig({
      NODE_ENV: 'test',
      STATIC_DIR: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const app = await buildApp(config, { db, databaseUrl: `${base}${name}` });
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  return apps;
}

export class TestSocket {
  readonly frames: ServerMessage[] = [];
  private waiters: { pred: (f: ServerMessage) => boolean; resolve: (f: ServerMessage) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerMessage;
      this.frames.push(frame);
      const matched = this.waiters.filter((w) => w.pred(frame));
      this.waiters = this.waiters.filter((w) => !matched.includes(w));
      for (const w of matched) w.resolve(frame);
    });
  }

  static async open(app: App, token: string, lang = 'en'): Promise<TestSocket> {
    const { port } = app.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/socket?token=${token}&lang=${lang}`);
    const s = new TestSocket(ws);
    await s.next((f) => f.type === 'ready');
    return s;
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or coming) that matches. */
  next<T extends ServerMessage['type']>(
    pred: (f: ServerMessage) => boolean,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const seen = this.frames.find(pred);
    if (seen) return Promise.resolve(seen as Extract<ServerMessage, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  /** Sends a frame with a ref and waits for its `ok` or `error`. */
  async call(frame: object): Promise<ServerMessage> {
    const ref = randomUUID();
    this.send({ ...frame, ref });
    return this.next((f) => (f.type === 'ok' || f.type === 'error') && f.ref === ref);
  }

  close(): void {
    this.ws.close();
  }
}

export const tokenOf = (auth: { authorization: string }) => auth.authorization.slice('Bearer '.length);
