import type { ServerMessage } from '#shared/chat/protocol';

/** What the hub needs of a socket: the `ws` WebSocket fits. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/**
 * The sockets of this process by uid. It only delivers; who gets what is decided by the
 * services (recipients) and crossing instances is ChatEvents' job.
 */
export class ChatHub {
  private readonly sockets = new Map<string, Set<HubSocket>>();

  /** True when this is the user's first socket on this instance. */
  add(uid: string, socket: HubSocket): boolean {
    const set = this.sockets.get(uid) ?? new Set();
    set.add(socket);
    this.sockets.set(uid, set);
    return set.size === 1;
  }

  /** True when the user has no socket left on this instance. */
  remove(uid: string, socket: HubSocket): boolean {
    const set = this.sockets.get(uid);
    if (!set) return true;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(uid);
    return set.size === 0;
  }

  has(uid: string): boolean {
    return this.sockets.has(uid);
  }

  connectedCount(): number {
    return this.sockets.size;
  }

  /** Sends one frame to every local socket of the recipients ('all': everyone connected here). */
  deliver(recipients: readonly string[] | 'all', frame: ServerMessage): number {
    const text = JSON.stringify(frame);
    let sent = 0;
    const uids = recipients === 'all' ? [...this.sockets.keys()] : new Set(recipients);
    for (const uid of uids) {
      for (const socket of this.sockets.get(uid) ?? []) {
        if (socket.readyState !== OPEN) continue;
        socket.send(text);
        sent += 1;
      }
    }
    return sent;
  }
}
