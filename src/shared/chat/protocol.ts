import { type Static, Type } from 'typebox';
import {
  ChatUser,
  GroupScope,
  Message,
  MessageCategory,
  MessageData,
  MessageType,
  Nullable,
  PollResults,
  Reactions,
  ReceiverType,
  Sender,
} from './entities.ts';

const Seconds = Type.Integer({ minimum: 0 });

/**
 * The chat socket protocol (`GET /api/chat/socket`). Every frame is one JSON object
 * with a `type`; the server validates each inbound frame against ClientMessage and
 * answers a bad one with an `error` frame carrying the frame's `ref` (never a close).
 * Bump PROTOCOL_VERSION on any change a client must know about; the server tells its
 * version in `ready`. Lifecycle and error codes: src/server/chat/README.md.
 */
export const PROTOCOL_VERSION = 1;

/** Optional correlation id the server echoes in `ok` / `error` / `pong`. */
const Ref = Type.Optional(Type.String({ maxLength: 100 }));
const Id = Type.String({ minLength: 1, maxLength: 100 });
const Target = { receiver_type: ReceiverType, receiver: Id };

export const AuthFrame = Type.Object({
  type: Type.Literal('auth'),
  token: Type.String({ maxLength: 200 }),
  /** Last event_id seen: stored events after it are replayed (catch-up after reconnect). */
  since: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  ref: Ref,
});

export const SendFrame = Type.Object({
  type: Type.Literal('send'),
  /** The client's id: a resend with the same id stores nothing new and gets the same ack. */
  client_id: Type.String({ minLength: 1, maxLength: 100 }),
  ...Target,
  category: Type.Optional(MessageCategory),
  message_type: Type.Optional(MessageType),
  text: Type.Optional(Type.String({ maxLength: 10_000 })),
  data: Type.Optional(MessageData),
  parent_id: Type.Optional(Id),
});

export const EditFrame = Type.Object({
  type: Type.Literal('edit'),
  id: Id,
  text: Type.String({ maxLength: 10_000 }),
  ref: Ref,
});
export const DeleteFrame = Type.Object({ type: Type.Literal('delete'), id: Id, ref: Ref });
export const TypingFrame = Type.Object({
  type: Type.Union([Type.Literal('typing_start'), Type.Literal('typing_end')]),
  ...Target,
});
export const ReceiptFrame = Type.Object({
  type: Type.Union([Type.Literal('mark_delivered'), Type.Literal('mark_read')]),
  id: Id,
  ref: Ref,
});
export const ReactFrame = Type.Object({
  type: Type.Literal('react'),
  id: Id,
  /** Colons form, e.g. `:heart:`. */
  emoji: Type.String({ pattern: '^:[a-z0-9_+-]{1,50}:$' }),
  remove: Type.Optional(Type.Boolean()),
  ref: Ref,
});
/** A live reaction: delivered to whoever is connected now, never stored. */
export const TransientFrame = Type.Object({
  type: Type.Literal('transient'),
  ...Target,
  data: Type.Object({ type: Type.String({ maxLength: 50 }), reaction: Type.String({ maxLength: 50 }) }),
});
export const VoteFrame = Type.Object({
  type: Type.Literal('poll_vote'),
  id: Id,
  option: Type.Integer({ minimum: 1, maximum: 100 }),
  ref: Ref,
});
export const PingFrame = Type.Object({ type: Type.Literal('ping'), ref: Ref });

/** One-to-one calls (src/server/chat/README.md, calls): state changes and WebRTC signalling. */
export const CALL_TYPES = ['audio', 'video'] as const;
export const CallType = Type.Enum(CALL_TYPES);
export type CallType = (typeof CALL_TYPES)[number];
export const CALL_STATUSES = [
  'initiated',
  'ongoing',
  'rejected',
  'busy',
  'cancelled',
  'unanswered',
  'ended',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** The caller's or answerer's device (one per open app), so only that one carries the media. */
const Device = Type.String({ minLength: 1, maxLength: 100 });
export const CallInitiateFrame = Type.Object({
  type: Type.Literal('call_initiate'),
  receiver: Id,
  call_type: CallType,
  device: Device,
  ref: Ref,
});
export const CallAcceptFrame = Type.Object({
  type: Type.Literal('call_accept'),
  call_id: Id,
  device: Device,
  ref: Ref,
});
export const CallRejectFrame = Type.Object({
  type: Type.Literal('call_reject'),
  call_id: Id,
  reason: Type.Optional(Type.Union([Type.Literal('busy'), Type.Literal('rejected')])),
  ref: Ref,
});
export const CallEndFrame = Type.Object({
  type: Type.Union([Type.Literal('call_cancel'), Type.Literal('call_end')]),
  call_id: Id,
  ref: Ref,
});
/** An SDP offer/answer or an ICE candidate, relayed to the other party of the call only. */
export const CallSignalPayload = Type.Object(
  {
    kind: Type.Union([Type.Literal('offer'), Type.Literal('answer'), Type.Literal('candidate')]),
    sdp: Type.Optional(Type.String({ maxLength: 60_000 })),
    candidate: Type.Optional(
      Type.Object({
        candidate: Type.String({ maxLength: 2000 }),
        sdpMid: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
        sdpMLineIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
        usernameFragment: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      }),
    ),
  },
  { additionalProperties: false },
);
export type CallSignalPayload = Static<typeof CallSignalPayload>;
export const CallSignalFrame = Type.Object({
  type: Type.Literal('call_signal'),
  call_id: Id,
  payload: CallSignalPayload,
});
export const IceServer = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});
export type IceServer = Static<typeof IceServer>;
/** A call as both parties see it; `call_id` is the id of its `call` category message. */
export const CallInfo = Type.Object({
  call_id: Type.String(),
  type: CallType,
  status: Type.Enum(CALL_STATUSES),
  initiator: Sender,
  receiver: Sender,
  initiator_device: Type.String(),
  /** The device that accepted; null until then. */
  receiver_device: Nullable(Type.String()),
  initiated_at: Seconds,
  accepted_at: Nullable(Seconds),
  ended_at: Nullable(Seconds),
});
export type CallInfo = Static<typeof CallInfo>;

/** Schemas by `type`, so a frame is checked against exactly one member of the union. */
export const CLIENT_FRAMES = {
  auth: AuthFrame,
  send: SendFrame,
  edit: EditFrame,
  delete: DeleteFrame,
  typing_start: TypingFrame,
  typing_end: TypingFrame,
  mark_delivered: ReceiptFrame,
  mark_read: ReceiptFrame,
  react: ReactFrame,
  transient: TransientFrame,
  poll_vote: VoteFrame,
  ping: PingFrame,
  call_initiate: CallInitiateFrame,
  call_accept: CallAcceptFrame,
  call_reject: CallRejectFrame,
  call_cancel: CallEndFrame,
  call_end: CallEndFrame,
  call_signal: CallSignalFrame,
} as const;
export const ClientMessage = Type.Union([
  AuthFrame,
  SendFrame,
  EditFrame,
  DeleteFrame,
  TypingFrame,
  ReceiptFrame,
  ReactFrame,
  TransientFrame,
  VoteFrame,
  PingFrame,
  CallInitiateFrame,
  CallAcceptFrame,
  CallRejectFrame,
  CallEndFrame,
  CallSignalFrame,
]);
export type ClientMessage = Static<typeof ClientMessage>;
export type ClientMessageType = keyof typeof CLIENT_FRAMES;
export type ClientFrame<K extends ClientMessageType> = Static<(typeof CLIENT_FRAMES)[K]>;

/** Events loaded from the event log carry its id; the client sends the last one as `since`. */
const EventId = Type.Optional(Type.String());
export const GROUP_EVENTS = [
  'joined',
  'left',
  'kicked',
  'banned',
  'unbanned',
  'added',
  'scope_changed',
  'deleted',
] as const;
export type GroupEventName = (typeof GROUP_EVENTS)[number];

export const ServerMessage = Type.Union([
  Type.Object({
    type: Type.Literal('ready'),
    protocol: Type.Integer(),
    user: ChatUser,
    last_event_id: Type.String(),
  }),
  Type.Object({ type: Type.Literal('ack'), client_id: Type.String(), message: Message }),
  Type.Object({ type: Type.Literal('ok'), ref: Type.String() }),
  Type.Object({ type: Type.Literal('message'), message: Message, event_id: EventId }),
  Type.Object({ type: Type.Literal('edited'), message: Message, event_id: EventId }),
  Type.Object({ type: Type.Literal('deleted'), message: Message, event_id: EventId }),
  Type.Object({
    type: Type.Literal('receipt'),
    receipt: Type.Union([Type.Literal('delivered'), Type.Literal('read')]),
    message_id: Type.String(),
    conversation_id: Type.String(),
    uid: Type.String(),
    at: Type.Integer(),
    event_id: EventId,
  }),
  Type.Object({
    type: Type.Literal('typing'),
    state: Type.Union([Type.Literal('start'), Type.Literal('end')]),
    uid: Type.String(),
    name: Type.String(),
    ...Target,
  }),
  Type.Object({
    type: Type.Literal('reaction'),
    message_id: Type.String(),
    uid: Type.String(),
    emoji: Type.String(),
    action: Type.Union([Type.Literal('added'), Type.Literal('removed')]),
    reactions: Reactions,
    event_id: EventId,
  }),
  Type.Object({
    type: Type.Literal('poll'),
    message_id: Type.String(),
    poll: PollResults,
    event_id: EventId,
  }),
  Type.Object({
    type: Type.Literal('transient'),
    uid: Type.String(),
    ...Target,
    data: Type.Object({ type: Type.String(), reaction: Type.String() }),
  }),
  Type.Object({
    type: Type.Literal('presence'),
    uid: Type.String(),
    status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
    last_active_at: Nullable(Type.Integer()),
  }),
  Type.Object({
    type: Type.Literal('group'),
    event: Type.Enum(GROUP_EVENTS),
    guid: Type.String(),
    actor: Type.String(),
    target: Type.String(),
    scope: Nullable(GroupScope),
    members_count: Type.Integer(),
    event_id: EventId,
  }),
  /** `by` blocked (`blocked: true`) or unblocked `uid`; sent to both, stored for catch-up. */
  Type.Object({
    type: Type.Literal('block'),
    uid: Type.String(),
    by: Type.String(),
    blocked: Type.Boolean(),
    event_id: EventId,
  }),
  Type.Object({
    type: Type.Literal('error'),
    code: Type.String(),
    message: Type.String(),
    ref: Nullable(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  }),
  Type.Object({ type: Type.Literal('pong'), ref: Nullable(Type.String()), time: Type.Integer() }),
  /** A call's state changed (live only; the call message follows as `message` / `edited`). */
  Type.Object({
    type: Type.Literal('call'),
    call: CallInfo,
    /** Present for the parties while the call is being set up: STUN/TURN servers to use. */
    ice_servers: Type.Optional(Type.Array(IceServer)),
  }),
  Type.Object({
    type: Type.Literal('call_signal'),
    call_id: Type.String(),
    from: Type.String(),
    payload: CallSignalPayload,
  }),
]);
export type ServerMessage = Static<typeof ServerMessage>;
export type ServerMessageOf<K extends ServerMessage['type']> = Extract<ServerMessage, { type: K }>;

/** Close codes: 4401 not authenticated in time or bad token; 4400 protocol misuse. */
export const CLOSE_CODES = { unauthenticated: 4401, badProtocol: 4400 } as const;
