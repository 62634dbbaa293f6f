import pg from 'pg';

type Handler = (payload: string) => void;

/**
 * One dedicated PostgreSQL connection per instance that LISTENs on the channels of every
 * module that crosses instances (chat fan-out, session revocations), and reconnects a
 * second after a failure. Without a database URL it never connects: one instance only,
 * and `listening` stays false so publishers can skip their NOTIFY.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly log: (line: string) => void) {}

  /** Registers the handler of a channel; call before start. */
  on(channel: string, handler: Handler): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
    this.handlers.set(channel, handler);
  }

  get listening(): boolean {
    return this.client !== null;
  }

  async start(url: string | null): Promise<void> {
    if (!url || this.stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.payload) this.handlers.get(n.channel)?.(n.payload);
    });
    client.on('error', (e) => {
      this.log(`database listener failed: ${e.message}`);
      this.client = null;
      void client.end().catch(() => {});
      if (!this.stopped) setTimeout(() => void this.start(url).catch(() => {}), 1000).unref();
    });
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
