import { v7 as uuidv7 } from 'uuid';
import type { Message } from '#shared/chat/entities';
import type { CallInfo, CallStatus, ClientFrame, IceServer } from '#shared/chat/protocol';
import type { DbOrTx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { ChatAccess } from './access.ts';
import type { CallData, CallRepository, CallRow } from './call.repository.ts';
import type { ChatUserRepository } from './chat-user.repository.ts';
import type { ChatEvents, PendingEvent } from './events.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';
import { toMessages } from './message-view.ts';

export interface CallSettings {
  ringTimeoutSeconds: number;
  iceServers: IceServer[];
}

/** Timers behind the ring timeout; tests swap in one they fire by hand. */
export interface CallScheduler {
  /** `fn` settles once the timeout is handled (tests await it). */
  set(fn: () => Promise<void>, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realScheduler: CallScheduler = {
  set: (fn, ms) => {
    const t = setTimeout(() => void fn(), ms);
    t.unref?.();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Who may move a call from which state to which (anything else answers `conflict`). */
type Action = 'accept' | 'reject' | 'busy' | 'cancel' | 'end' | 'timeout' | 'stale';
const RULES: Record<Action, { from: CallStatus[]; by: 'receiver' | 'initiator' | 'party' | 'system' }> = {
  accept: { from: ['initiated'], by: 'receiver' },
  reject: { from: ['initiated'], by: 'receiver' },
  busy: { from: ['initiated'], by: 'receiver' },
  cancel: { from: ['initiated'], by: 'initiator' },
  end: { from: ['initiated', 'ongoing'], by: 'party' },
  timeout: { from: ['initiated'], by: 'system' },
  stale: { from: ['initiated', 'ongoing'], by: 'system' },
};

export interface CallDeps {
  calls: CallRepository;
  messages: MessageRepository;
  users: ChatUserRepository;
  access: ChatAccess;
  events: ChatEvents;
  log: (line: string) => void;
}

const secondsNow = (ms: number) => Math.floor(ms / 1000);

/**
 * One-to-one audio and video calls (seed 001 §4). A call is a `call` category message
 * whose data.customData carries its state; every change updates that message (an
 * `edited` event, so lists catch up after a reconnect) and tells both parties live with
 * a `call` frame. A user in a ringing or ongoing call is busy: a new call to them is
 * stored as `busy` at once. Signalling (SDP, ICE) is relayed to the other party only.
 */
export class CallService {
  scheduler: CallScheduler = realScheduler;
  now: () => number = Date.now;
  private readonly timers = new Map<string, unknown>();

  constructor(
    private readonly d: CallDeps,
    private readonly settings: CallSettings,
  ) {}

  async initiate(uid: string, frame: ClientFrame<'call_initiate'>): Promise<CallInfo> {
    const target = await this.d.access.target(uid, 'user', frame.receiver);
    const receiver = target.receiver;
    await this.d.users.ensure([uid, receiver]);
    await this.sweep([uid, receiver]);
    const id = uuidv7();
    const result = await this.d.calls.transaction(async (tx) => {
      await this.d.calls.lockUsers([uid, receiver], tx);
      const active = await this.d.calls.active([uid, receiver], tx);
      if (active.some((c) => c.sender === uid || c.receiver_id === uid)) throw new AppError('conflict');
      const call: CallData = {
        call_id: id,
        status: active.length > 0 ? 'busy' : 'initiated',
        type: frame.call_type,
        initiator: uid,
        receiver,
        initiator_device: frame.device,
        receiver_device: null,
        initiated_at: secondsNow(this.now()),
        accepted_at: null,
        ended_at: active.length > 0 ? secondsNow(this.now()) : null,
      };
      await this.d.messages.insert(
        {
          id,
          client_id: `call:${id}`,
          conversation_id: target.conversationId,
          sender: uid,
          receiver_type: 'user',
          receiver_id: receiver,
          category: 'call',
          type: frame.call_type,
          text: null,
          data: { customData: call },
          parent_id: null,
        },
        tx,
      );
      await this.d.messages.touchConversations(
        [uid, receiver],
        uid,
        { id: target.conversationId, type: 'user', withOf: target.withOf },
        id,
        tx,
      );
      const message = await this.message(id, tx);
      const event = await this.d.events.record(tx, { type: 'message', message }, [uid, receiver]);
      return { call, message, event };
    });
    if (result.call.status === 'initiated') {
      // Accepted on another instance: this timer still fires, and finds nothing to do.
      const handle = this.scheduler.set(async () => {
        this.timers.delete(id);
        await this.change(null, id, 'timeout').catch((e) => this.d.log(`call timeout failed: ${e}`));
      }, this.settings.ringTimeoutSeconds * 1000);
      this.timers.set(id, handle);
    }
    return this.announce(result.call, result.message, result.event);
  }

  accept(uid: string, frame: ClientFrame<'call_accept'>): Promise<CallInfo> {
    return this.change(uid, frame.call_id, 'accept', frame.device);
  }

  reject(uid: string, frame: ClientFrame<'call_reject'>): Promise<CallInfo> {
    return this.change(uid, frame.call_id, frame.reason === 'busy' ? 'busy' : 'reject');
  }

  cancel(uid: string, callId: string): Promise<CallInfo> {
    return this.change(uid, callId, 'cancel');
  }

  end(uid: string, callId: string): Promise<CallInfo> {
    return this.change(uid, callId, 'end');
  }

  /** SDP and ICE go to the other party of an ongoing call, never to anyone else. */
  async signal(uid: string, frame: ClientFrame<'call_signal'>): Promise<void> {
    const row = await this.d.calls.find(frame.call_id);
    const call = row?.data.customData;
    if (!row || !call || (call.initiator !== uid && call.receiver !== uid)) throw new AppError('not-found');
    if (call.status !== 'ongoing') throw new AppError('conflict');
    const other = call.initiator === uid ? call.receiver : call.initiator;
    await this.d.events.transient(
      { type: 'call_signal', call_id: call.call_id, from: uid, payload: frame.payload },
      [other],
    );
  }

  /** Stops the ring timers (server shutdown). */
  stop(): void {
    for (const handle of this.timers.values()) this.scheduler.clear(handle);
    this.timers.clear();
  }

  /**
   * Calls left active by a lost socket or a restarted server (their timer gone) would
   * keep users busy forever: a ringing call past its timeout becomes unanswered, an
   * ongoing one with a party offline everywhere ends.
   */
  private async sweep(uids: string[]): Promise<void> {
    const active = await this.d.calls.active(uids);
    if (active.length === 0) return;
    const parties = active.flatMap((c) => [c.sender, c.receiver_id]);
    const online = await this.d.calls.online(parties);
    const limit = secondsNow(this.now()) - this.settings.ringTimeoutSeconds - 5;
    for (const row of active) {
      const call = row.data.customData;
      if (!call) continue;
      const gone = !online.has(row.sender) || !online.has(row.receiver_id);
      if (call.status === 'initiated' && call.initiated_at < limit)
        await this.change(null, row.id, 'timeout');
      else if (gone) await this.change(null, row.id, 'stale');
    }
  }

  /** One state change under the parties' lock; `uid` null for the server's own (timeout). */
  private async change(
    uid: string | null,
    callId: string,
    action: Action,
    device?: string,
  ): Promise<CallInfo> {
    const rule = RULES[action];
    const first = await this.d.calls.find(callId);
    const parties = first?.data.customData;
    if (!first || !parties) throw new AppError('not-found');
    if (uid !== null && uid !== parties.initiator && uid !== parties.receiver)
      throw new AppError('not-found');
    const result = await this.d.calls.transaction(async (tx) => {
      await this.d.calls.lockUsers([parties.initiator, parties.receiver], tx);
      const row = (await this.d.calls.find(callId, tx)) as CallRow;
      const call = row.data.customData as CallData;
      const allowed =
        rule.from.includes(call.status) &&
        (rule.by === 'system'
          ? uid === null
          : rule.by === 'party' || uid === (rule.by === 'receiver' ? call.receiver : call.initiator));
      if (!allowed) return null;
      const at = secondsNow(this.now());
      const next: CallData = { ...call, status: nextStatus(action, call, uid) };
      if (action === 'accept') {
        next.accepted_at = at;
        next.receiver_device = device ?? null;
      } else next.ended_at = at;
      await this.d.calls.setData(row.id, next, tx);
      const message = await this.message(row.id, tx);
      const event = await this.d.events.record(tx, { type: 'edited', message }, [
        call.initiator,
        call.receiver,
      ]);
      return { call: next, message, event };
    });
    if (!result) {
      if (uid === null) {
        const current = await this.message(callId);
        return this.info(current.data.customData as unknown as CallData, current);
      }
      throw new AppError('conflict');
    }
    const handle = this.timers.get(callId);
    if (handle !== undefined) {
      this.scheduler.clear(handle);
      this.timers.delete(callId);
    }
    return this.announce(result.call, result.message, result.event);
  }

  private async announce(call: CallData, message: Message, event: PendingEvent): Promise<CallInfo> {
    this.d.events.deliver(event);
    const info = await this.info(call, message);
    const setup = call.status === 'initiated' || call.status === 'ongoing';
    await this.d.events.transient(
      { type: 'call', call: info, ...(setup ? { ice_servers: this.settings.iceServers } : {}) },
      [call.initiator, call.receiver],
    );
    return info;
  }

  private async info(call: CallData, message: Message): Promise<CallInfo> {
    const receiver = await this.d.users.find(call.receiver);
    return {
      call_id: call.call_id,
      type: call.type,
      status: call.status,
      initiator: message.sender,
      receiver: { uid: call.receiver, name: receiver?.name ?? '', avatar: receiver?.avatar ?? null },
      initiator_device: call.initiator_device,
      receiver_device: call.receiver_device,
      initiated_at: call.initiated_at,
      accepted_at: call.accepted_at,
      ended_at: call.ended_at,
    };
  }

  private async message(id: string, db?: DbOrTx): Promise<Message> {
    const row = (await this.d.messages.find(id, db)) as MessageRow;
    const [message] = await toMessages(this.d.messages, [row], db);
    return message;
  }
}

function nextStatus(action: Action, call: CallData, uid: string | null): CallStatus {
  switch (action) {
    case 'accept':
      return 'ongoing';
    case 'reject':
      return 'rejected';
    case 'busy':
      return 'busy';
    case 'cancel':
      return 'cancelled';
    case 'timeout':
      return 'unanswered';
    case 'stale':
      return call.status === 'ongoing' ? 'ended' : 'unanswered';
    case 'end':
      if (call.status === 'ongoing') return 'ended';
      return uid === call.initiator ? 'cancelled' : 'rejected';
  }
}
