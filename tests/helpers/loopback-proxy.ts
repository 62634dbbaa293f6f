import http from 'node:http';
import net from 'node:net';

/**
 * A small round-robin HTTP load balancer on 127.0.0.1 (node:http only), standing in for
 * the one a deployment puts in front of several instances. Each request goes to the next
 * backend; a backend that refuses the connection is skipped (the request was never sent,
 * so it is safe to try the next one) and left out for `deadForMs`. WebSocket upgrades
 * are passed through as raw sockets. `log` records where every request went.
 */
export interface Backend {
  host: string;
  port: number;
}

export interface ProxyLogEntry {
  method: string;
  url: string;
  /** Index of the backend that answered; -1 when none could. */
  backend: number;
  /** Backends skipped because they refused the connection. */
  skipped: number[];
  upgrade?: boolean;
}

export class LoopbackProxy {
  readonly log: ProxyLogEntry[] = [];
  private readonly server: http.Server;
  private readonly deadUntil: number[];
  private next = 0;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** When it returns true for a request, the backend's answer is read and the client's connection cut (fault injection). */
  cutAfterCommit: ((method: string, url: string) => boolean) | null = null;
  /** Answers cut by `cutAfterCommit`. */
  cuts = 0;

  constructor(
    readonly backends: Backend[],
    private readonly deadForMs = 60_000,
  ) {
    this.deadUntil = backends.map(() => 0);
    this.server = http.createServer((req, res) => void this.forward(req, res));
    this.server.on('upgrade', (req, socket, head) => void this.upgrade(req, socket as net.Socket, head));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Backends to try for one request, in order: alive ones round-robin, dead ones last. */
  private order(): number[] {
    const n = this.backends.length;
    const start = this.next;
    this.next = (this.next + 1) % n;
    const all = Array.from({ length: n }, (_, i) => (start + i) % n);
    const now = Date.now();
    return [...all.filter((i) => this.deadUntil[i]! <= now), ...all.filter((i) => this.deadUntil[i]! > now)];
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const entry: ProxyLogEntry = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      backend: -1,
      skipped: [],
    };
    this.log.push(entry);
    for (const index of this.order()) {
      const outcome = await this.tryBackend(index, req, body, res);
      if (outcome === 'done') {
        entry.backend = index;
        return;
      }
      if (outcome === 'failed') return; // sent and cut: the client decides whether to retry
      entry.skipped.push(index);
      this.deadUntil[index] = Date.now() + this.deadForMs;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'no backend answered', code: 'bad-gateway' }));
  }

  /** 'refused': not connected, try another; 'failed': cut after sending; 'done': answered. */
  private tryBackend(
    index: number,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
  ): Promise<'done' | 'refused' | 'failed'> {
    const { host, port } = this.backends[index]!;
    return new Promise((resolve) => {
      let connected = false;
      const upstream = http.request(
        {
          host,
          port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            host: `${host}:${port}`,
            'x-forwarded-for': req.socket.remoteAddress ?? '',
          },
          agent: false,
        },
        (answer) => {
          if (this.cutAfterCommit?.(req.method ?? 'GET', req.url ?? '/')) {
            // The backend answered (committed); the client never hears of it.
            answer.resume();
            answer.on('end', () => {
              this.cuts += 1;
              res.destroy();
              resolve('failed');
            });
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => {
            res.destroy();
            resolve('failed');
          });
        },
      );
      upstream.on('socket', (socket) => socket.once('connect', () => (connected = true)));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'))
          return resolve('refused');
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'backend failed', code: 'bad-gateway' }));
        resolve('failed');
      });
      upstream.end(body);
    });
  }

  private async upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer): Promise<void> {
    const entry: ProxyLogEntry = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      backend: -1,
      skipped: [],
      upgrade: true,
    };
    this.log.push(entry);
    for (const index of this.order()) {
      const { host, port } = this.backends[index]!;
      const upstream = await new Promise<net.Socket | null>((resolve) => {
        const socket = net.connect(port, host);
        socket.once('connect', () => resolve(socket));
        socket.once('error', () => resolve(null));
      });
      if (!upstream) {
        entry.skipped.push(index);
        this.deadUntil[index] = Date.now() + this.deadForMs;
        continue;
      }
      entry.backend = index;
      this.sockets.add(upstream);
      upstream.once('close', () => this.sockets.delete(upstream));
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? `${host}:${port}` : req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.pipe(client);
      client.pipe(upstream);
      return;
    }
    client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  }
}
