import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import * as ece from 'http_ece';

/**
 * A stand-in for the browser vendors' push services, over HTTPS with a test-only
 * certificate the e2e server trusts (NODE_EXTRA_CA_CERTS in playwright.config.ts). The
 * server's real web-push code encrypts and signs each message and posts it here; this
 * service decrypts it with the subscription's private key, exactly as the browser does,
 * so the test can hand the plain payload to the service worker's push event.
 */
export class PushService {
  private server: Server | null = null;
  private base = '';
  private readonly subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  readonly inbox: { path: string; payload: string }[] = [];

  async start(): Promise<void> {
    const dir = join(import.meta.dirname, '.');
    this.server = createServer(
      {
        key: readFileSync(join(dir, 'push-service-key.pem')),
        cert: readFileSync(join(dir, 'push-service-cert.pem')),
      },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const path = req.url ?? '';
          const who = this.subscribers.get(path);
          if (!who) {
            res.writeHead(404).end();
            return;
          }
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: who.ecdh,
            authSecret: who.auth.toString('base64url'),
          });
          this.inbox.push({ path, payload: plain.toString('utf8') });
          res.writeHead(201).end();
        });
      },
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `https://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** A new subscription: what a browser's pushManager.subscribe() would answer. */
  subscription(name: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
    this.subscribers.set(path, { ecdh, auth });
    return {
      path,
      endpoint: `${this.base}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  received(path: string): string[] {
    return this.inbox.filter((m) => m.path === path).map((m) => m.payload);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
