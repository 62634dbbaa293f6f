import type { ChatUser } from '#shared/chat/entities';
import type { ClientFrame } from '#shared/chat/protocol';
import type { ChatAccess } from './access.ts';
import { seconds } from './chat-errors.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { ChatEvents } from './events.ts';
import type { ChatHub, HubSocket } from './hub.ts';

/**
 * What is never stored: presence changes, typing and live reactions. Presence is counted
 * per instance in chat_presence so a user online on another instance stays online when
 * their socket here closes.
 */
export class LiveService {
  constructor(
    private readonly d: { users: ChatUserRepository; access: ChatAccess; events: ChatEvents; hub: ChatHub },
  ) {}

  async online(uid: string, socket: HubSocket): Promise<ChatUser> {
    await this.d.users.ensure([uid]);
    if (this.d.hub.add(uid, socket) && (await this.d.users.connect(uid, this.d.events.instanceId))) {
      await this.d.events.transient({ type: 'presence', uid, status: 'online', last_active_at: null }, 'all');
    }
    const row = await this.d.users.find(uid);
    return {
      uid,
      name: row?.name ?? '',
      avatar: row?.avatar ?? null,
      status: 'online',
      last_active_at: seconds(row?.last_active_at),
      blocked_by_me: false,
      has_blocked_me: false,
    };
  }

  async offline(uid: string, socket: HubSocket): Promise<void> {
    if (!this.d.hub.remove(uid, socket)) return;
    if (!(await this.d.users.disconnect(uid, this.d.events.instanceId))) return;
    const at = Math.floor(Date.now() / 1000);
    await this.d.events.transient({ type: 'presence', uid, status: 'offline', last_active_at: at }, 'all');
  }

  async typing(uid: string, frame: ClientFrame<'typing_start'>): Promise<void> {
    const target = await this.d.access.target(uid, frame.receiver_type, frame.receiver);
    const name = (await this.d.users.find(uid))?.name ?? '';
    await this.d.events.transient(
      {
        type: 'typing',
        state: frame.type === 'typing_start' ? 'start' : 'end',
        uid,
        name,
        receiver_type: frame.receiver_type,
        receiver: frame.receiver,
      },
      target.recipients.filter((r) => r !== uid),
    );
  }

  /** Live reactions (default heart) to whoever is looking now; a block silences them. */
  async transient(uid: string, frame: ClientFrame<'transient'>): Promise<void> {
    const target = await this.d.access.target(uid, frame.receiver_type, frame.receiver);
    await this.d.events.transient(
      {
        type: 'transient',
        uid,
        receiver_type: frame.receiver_type,
        receiver: frame.receiver,
        data: frame.data,
      },
      target.recipients.filter((r) => r !== uid),
    );
  }
}
