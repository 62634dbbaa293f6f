/**
 * One reconnecting WebSocket: opens, notices when it died (close, error, a ping left
 * unanswered), and opens again after a capped exponential backoff with jitter, at once
 * when the device comes back online or the page becomes visible. It knows nothing about
 * chat frames beyond ping; the adapter decides what the frames mean and when to stop.
 */

/** What the adapter needs of a WebSocket: the browser's one, or the `ws` package in Node. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

/** Where the online / visibility triggers come from (the page; tests pass their own). */
export interface ConnectionEnv {
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  document?:
    | (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState?: string })
    | null;
}

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  random?: () => number;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;
export const PING_INTERVAL_MS = 25_000;

/** Equal jitter: the n-th retry waits between half and all of min(cap, base·2^(n−1)). */
export function reconnectDelay(attempt: number, { baseMs, capMs, random }: Required<BackoffOptions>): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

export interface ConnectionHandlers {
  /** The URL of the next attempt (token, language, `since` may change between attempts). */
  url(): string;
  /** Attempt starting (state 'connecting'). */
  onConnecting(): void;
  onText(text: string): void;
  /** The socket is gone; `willRetry` false when the connection stopped for good. */
  onDown(code: number, willRetry: boolean): void;
}

export interface ConnectionOptions extends BackoffOptions {
  WebSocket: WebSocketFactory;
  env?: ConnectionEnv;
  /** A ping goes out this often; a ping still unanswered at the next tick means the socket is dead. */
  pingIntervalMs?: number;
  /** Close codes after which reconnecting is pointless (a refused session). */
  fatalCodes?: number[];
}

const OPEN = 1;

export class SocketConnection {
  private ws: WebSocketLike | null = null;
  private running = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = false;
  private pingCount = 0;
  private readonly backoff: Required<BackoffOptions>;
  private readonly pingIntervalMs: number;
  private readonly fatal: Set<number>;
  private readonly env: ConnectionEnv;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly handlers: ConnectionHandlers,
  ) {
    this.backoff = {
      baseMs: options.baseMs ?? RECONNECT_BASE_MS,
      capMs: options.capMs ?? RECONNECT_CAP_MS,
      random: options.random ?? Math.random,
    };
    this.pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
    this.fatal = new Set(options.fatalCodes ?? []);
    this.env = options.env ?? {
      window: typeof window === 'undefined' ? null : window,
      document: typeof document === 'undefined' ? null : document,
    };
  }

  get open(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.env.window?.addEventListener('online', this.onOnline);
    this.env.document?.addEventListener('visibilitychange', this.onVisible);
    this.openSocket();
  }

  /** Closes for good: no retry, no triggers, no timers. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.env.window?.removeEventListener('online', this.onOnline);
    this.env.document?.removeEventListener('visibilitychange', this.onVisible);
    this.clearRetry();
    this.dropSocket(1000);
  }

  /** The session proved good (the server said `ready`): the next failure starts the backoff afresh. */
  resetBackoff(): void {
    this.attempt = 0;
  }

  send(text: string): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    try {
      this.ws.send(text);
      return true;
    } catch {
      return false;
    }
  }

  /** Reconnects now unless a socket is already open or opening. */
  reconnectNow(): void {
    if (!this.running || this.ws) return;
    this.clearRetry();
    this.openSocket();
  }

  private readonly onOnline = () => {
    this.attempt = 0;
    this.reconnectNow();
  };

  private readonly onVisible = () => {
    if (this.env.document?.visibilityState === 'hidden') return;
    if (this.ws)
      this.ping(); // check a socket that may have died while the phone slept
    else this.reconnectNow();
  };

  private openSocket(): void {
    this.handlers.onConnecting();
    let ws: WebSocketLike;
    try {
      ws = new this.options.WebSocket(this.handlers.url());
    } catch {
      this.scheduleRetry(1006);
      return;
    }
    this.ws = ws;
    this.awaitingPong = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.startPings();
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      this.awaitingPong = false;
      const data = event.data;
      this.handlers.onText(typeof data === 'string' ? data : String(data));
    };
    ws.onerror = () => {
      // A close event follows; some stacks skip it after an error, so treat it as the end.
      if (this.ws === ws) this.lost(ws, 1006);
    };
    ws.onclose = (event) => {
      if (this.ws === ws) this.lost(ws, event.code);
    };
  }

  private lost(ws: WebSocketLike, code: number): void {
    if (this.ws !== ws) return;
    this.detach();
    try {
      ws.close();
    } catch {
      // already closed
    }
    if (this.fatal.has(code)) {
      this.stop();
      this.handlers.onDown(code, false);
      return;
    }
    this.scheduleRetry(code);
  }

  private scheduleRetry(code: number): void {
    if (!this.running) return;
    this.attempt += 1;
    this.handlers.onDown(code, true);
    this.clearRetry();
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (this.running && !this.ws) this.openSocket();
      },
      reconnectDelay(this.attempt, this.backoff),
    );
  }

  private startPings(): void {
    this.stopPings();
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong && this.ws) {
        // Nothing came back since the last ping: the socket is dead even if nobody said so.
        this.lost(this.ws, 4408);
        return;
      }
      this.ping();
    }, this.pingIntervalMs);
  }

  private ping(): void {
    this.pingCount += 1;
    if (this.send(JSON.stringify({ type: 'ping', ref: `ping-${this.pingCount}` }))) this.awaitingPong = true;
  }

  private stopPings(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private detach(): void {
    const ws = this.ws;
    this.ws = null;
    this.stopPings();
    if (!ws) return;
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    // Kept as a no-op: the `ws` package throws an error event nobody listens to.
    ws.onerror = () => {};
  }

  private dropSocket(code: number): void {
    const ws = this.ws;
    this.detach();
    try {
      ws?.close(code);
    } catch {
      // already closed
    }
  }
}
