import type { CallInfo, CallSignalPayload, CallType, IceServer } from '#shared/chat/protocol';
import type { ChatClient, ChatEvent } from '../client/chat-client.ts';
import { PeerLink } from './peer-link.ts';

export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'active';
export type CallNotice =
  | 'busy'
  | 'rejected'
  | 'unanswered'
  | 'failed'
  | 'offline'
  | 'media'
  | 'inCall'
  | 'lost';

export interface CallView {
  phase: CallPhase;
  type: CallType;
  /** The other party. */
  peerName: string;
  call: CallInfo | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  rtc: RTCPeerConnectionState | 'new';
  muted: boolean;
  cameraOff: boolean;
  /** ms (Date.now) when the call was answered; the duration counts from here. */
  startedAt: number | null;
  /** Shown once the call is over (or could not start), with the other party's name. */
  notice: { key: CallNotice; name: string } | null;
}

const IDLE: CallView = {
  phase: 'idle',
  type: 'audio',
  peerName: '',
  call: null,
  local: null,
  remote: null,
  rtc: 'new',
  muted: false,
  cameraOff: false,
  startedAt: null,
  notice: null,
};
/** Seed 001 §8: accepting waits 100 ms (the overlay's button feedback) before answering. */
export const ACCEPT_DELAY_MS = 100;
/** No word from the server about a call we placed: give up and say so. */
const START_GUARD_MS = 15_000;

/**
 * One device's calls (one at a time, one-to-one). The server decides every state change
 * and announces it with a `call` frame; this follows those frames, owns the microphone /
 * camera and the RTCPeerConnection, and relays signalling through `client.signal`. Only
 * the device that placed or accepted the call carries media; others just stop ringing.
 */
export class CallController {
  readonly device = crypto.randomUUID();
  private view: CallView = IDLE;
  private readonly listeners = new Set<() => void>();
  private link: PeerLink | null = null;
  private ice: IceServer[] = [];
  private guard: ReturnType<typeof setTimeout> | null = null;
  private readonly off: () => void;

  constructor(
    private readonly client: ChatClient,
    private readonly media: (type: CallType) => Promise<MediaStream> = (type) =>
      navigator.mediaDevices.getUserMedia({ audio: true, video: type === 'video' }),
  ) {
    this.off = client.on((e) => this.onEvent(e));
  }

  get state(): CallView {
    return this.view;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): CallView => this.view;

  async start(receiver: string, name: string, type: CallType): Promise<void> {
    if (this.view.phase !== 'idle') return this.set({ notice: { key: 'inCall', name } });
    this.set({ ...IDLE, phase: 'outgoing', type, peerName: name });
    const local = await this.acquire(type, name);
    if (!local || this.getState().phase !== 'outgoing') return stop(local);
    this.set({ local });
    const sent = this.client.signal({
      type: 'call_initiate',
      receiver,
      call_type: type,
      device: this.device,
    });
    if (!sent) return this.finish({ key: 'offline', name });
    this.guard = setTimeout(() => {
      if (this.getState().phase === 'outgoing' && !this.view.call) this.finish({ key: 'failed', name });
    }, START_GUARD_MS);
  }

  async accept(): Promise<void> {
    const call = this.view.call;
    if (this.view.phase !== 'incoming' || !call) return;
    await new Promise((r) => setTimeout(r, ACCEPT_DELAY_MS));
    const local = await this.acquire(call.type, this.view.peerName);
    if (!local || this.view.call?.call_id !== call.call_id || this.view.phase !== 'incoming')
      return stop(local);
    // The link exists before the server hears the answer, so the caller's offer finds it.
    this.link = this.newLink(call.call_id, local);
    this.set({ phase: 'active', local, startedAt: Date.now() });
    this.client.signal({ type: 'call_accept', call_id: call.call_id, device: this.device });
  }

  decline(): void {
    const call = this.view.call;
    if (this.view.phase !== 'incoming' || !call) return;
    this.client.signal({ type: 'call_reject', call_id: call.call_id, reason: 'rejected' });
    this.finish(null);
  }

  /** Cancel while ringing, end once answered. */
  hangUp(): void {
    const call = this.view.call;
    if (call) {
      const type = this.view.phase === 'outgoing' ? 'call_cancel' : 'call_end';
      this.client.signal({ type, call_id: call.call_id });
    }
    this.finish(null);
  }

  toggleMute(): void {
    const muted = !this.view.muted;
    for (const t of this.view.local?.getAudioTracks() ?? []) t.enabled = !muted;
    this.set({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.view.cameraOff;
    for (const t of this.view.local?.getVideoTracks() ?? []) t.enabled = !cameraOff;
    this.set({ cameraOff });
  }

  dismiss(): void {
    if (this.view.phase === 'idle') this.set({ notice: null });
  }

  /** The page is going away: hang up or decline whatever is under way. */
  leave(): void {
    if (this.view.phase === 'incoming') this.decline();
    else if (this.view.phase !== 'idle') this.hangUp();
  }

  /** Stops listening (the chat client is being dropped). */
  dispose(): void {
    this.leave();
    this.off();
  }

  private onEvent(e: ChatEvent): void {
    if (e.type === 'call') this.onCall(e.call, e.ice_servers);
    else if (e.type === 'call_signal' && e.call_id === this.view.call?.call_id && this.link) {
      this.link.receive(e.payload).catch(() => this.drop('lost'));
    }
    // A dropped socket does not end the media; the server ends the call if we stay away.
  }

  private onCall(call: CallInfo, ice: IceServer[] | undefined): void {
    const me = this.client.me?.uid;
    if (!me) return;
    if (ice) this.ice = ice;
    if (call.initiator.uid === me) {
      if (call.initiator_device === this.device) this.onOwnCall(call);
      return; // otherwise placed from another device of mine
    }
    const current = this.view.call?.call_id === call.call_id;
    if (call.status === 'initiated') {
      if (this.view.phase !== 'idle') {
        this.client.signal({ type: 'call_reject', call_id: call.call_id, reason: 'busy' });
      } else {
        this.set({ ...IDLE, phase: 'incoming', type: call.type, peerName: call.initiator.name, call });
      }
    } else if (current && call.status === 'ongoing' && call.receiver_device === this.device) {
      this.set({ call });
    } else if (current) {
      // Answered on another device, or over: this one stops ringing.
      this.finish(null);
    }
  }

  /** A call this device placed. */
  private onOwnCall(call: CallInfo): void {
    this.clearGuard();
    const name = call.receiver.name;
    const current = this.view.call?.call_id === call.call_id;
    switch (call.status) {
      case 'initiated':
        // Cancelled before the server answered: cancel it there too.
        if (this.view.phase !== 'outgoing')
          this.client.signal({ type: 'call_cancel', call_id: call.call_id });
        else this.set({ call, peerName: name });
        break;
      case 'ongoing':
        this.answered(call);
        break;
      case 'busy':
      case 'rejected':
      case 'unanswered':
        if (current || this.view.phase === 'outgoing') this.finish({ key: call.status, name });
        break;
      default:
        if (current) this.finish(null);
    }
  }

  private answered(call: CallInfo): void {
    if (this.view.phase !== 'outgoing' || !this.view.local) return;
    this.link = this.newLink(call.call_id, this.view.local);
    this.set({ phase: 'active', call, startedAt: Date.now() });
    this.link.offer().catch(() => this.drop('lost'));
  }

  private newLink(callId: string, local: MediaStream): PeerLink {
    const send = (payload: CallSignalPayload) => {
      this.client.signal({ type: 'call_signal', call_id: callId, payload });
    };
    return new PeerLink(this.ice, local, send, {
      onRemote: (remote) => this.set({ remote }),
      onState: (rtc) => {
        this.set({ rtc });
        if (rtc === 'failed') this.drop('lost');
      },
    });
  }

  private async acquire(type: CallType, name: string): Promise<MediaStream | null> {
    try {
      return await this.media(type);
    } catch {
      this.finish({ key: 'media', name });
      return null;
    }
  }

  /** The connection broke: tell the server, then say so. */
  private drop(key: CallNotice): void {
    const call = this.view.call;
    if (call) this.client.signal({ type: 'call_end', call_id: call.call_id });
    this.finish({ key, name: this.view.peerName });
  }

  private finish(notice: CallView['notice']): void {
    this.clearGuard();
    this.link?.close();
    this.link = null;
    stop(this.view.local);
    this.view = { ...IDLE, notice };
    this.emit();
  }

  private clearGuard(): void {
    if (this.guard) clearTimeout(this.guard);
    this.guard = null;
  }

  private set(patch: Partial<CallView>): void {
    this.view = { ...this.view, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }
}

function stop(stream: MediaStream | null | undefined): void {
  for (const t of stream?.getTracks() ?? []) t.stop();
}
