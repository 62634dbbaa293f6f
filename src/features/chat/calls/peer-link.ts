import type { CallSignalPayload, IceServer } from '#shared/chat/protocol';

/**
 * One WebRTC connection to the other party. Offers, answers and ICE candidates leave
 * through `send` (the chat socket relays them to that party only); candidates that
 * arrive before the remote description are held until it is set.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  private remoteSet = false;
  private heldCandidates: RTCIceCandidateInit[] = [];
  private closed = false;

  constructor(
    iceServers: IceServer[],
    local: MediaStream,
    private readonly send: (payload: CallSignalPayload) => void,
    events: { onRemote(stream: MediaStream): void; onState(state: RTCPeerConnectionState): void },
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    for (const track of local.getTracks()) this.pc.addTrack(track, local);
    this.pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const c = e.candidate.toJSON();
      this.send({
        kind: 'candidate',
        candidate: {
          candidate: c.candidate ?? '',
          sdpMid: c.sdpMid ?? null,
          sdpMLineIndex: c.sdpMLineIndex ?? null,
          usernameFragment: c.usernameFragment ?? null,
        },
      });
    };
    this.pc.ontrack = (e) => events.onRemote(e.streams[0] ?? new MediaStream([e.track]));
    this.pc.onconnectionstatechange = () => {
      if (!this.closed) events.onState(this.pc.connectionState);
    };
  }

  /** The caller's side, once the call is accepted. */
  async offer(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    this.send({ kind: 'offer', sdp: offer.sdp ?? '' });
  }

  async receive(payload: CallSignalPayload): Promise<void> {
    if (this.closed) return;
    if (payload.kind === 'candidate' && payload.candidate) {
      const c: RTCIceCandidateInit = {
        candidate: payload.candidate.candidate,
        sdpMid: payload.candidate.sdpMid ?? null,
        sdpMLineIndex: payload.candidate.sdpMLineIndex ?? null,
        usernameFragment: payload.candidate.usernameFragment ?? null,
      };
      if (this.remoteSet) await this.pc.addIceCandidate(c);
      else this.heldCandidates.push(c);
      return;
    }
    if (payload.kind === 'offer') {
      await this.pc.setRemoteDescription({ type: 'offer', sdp: payload.sdp ?? '' });
      await this.flush();
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      this.send({ kind: 'answer', sdp: answer.sdp ?? '' });
    } else if (payload.kind === 'answer') {
      await this.pc.setRemoteDescription({ type: 'answer', sdp: payload.sdp ?? '' });
      await this.flush();
    }
  }

  close(): void {
    this.closed = true;
    this.pc.close();
  }

  private async flush(): Promise<void> {
    this.remoteSet = true;
    for (const c of this.heldCandidates.splice(0)) await this.pc.addIceCandidate(c);
  }
}
