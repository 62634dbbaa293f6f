import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import type { WebSocket } from 'ws';
import type { ServerMessage } from '#shared/chat/protocol';
import { CLIENT_FRAMES, CLOSE_CODES, type ClientMessageType, PROTOCOL_VERSION } from '#shared/chat/protocol';
import type { ErrorCode } from '#shared/errors';
import { translate } from '#shared/i18n/messages';
import { AppError } from '../errors.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { findBadValue, printable } from '../security/clean-values.ts';
import type { ChatModules } from './chat-modules.ts';
import { dispatch, type SocketSession } from './socket-dispatch.ts';

const CHECKS = Object.fromEntries(Object.entries(CLIENT_FRAMES).map(([k, s]) => [k, Compile(s)])) as Record<
  ClientMessageType,
  ReturnType<typeof Compile>
>;
const AUTH_TIMEOUT_MS = 10_000;
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * One socket's lifecycle: authenticate (`?token=` or a first `auth` frame), register in
 * the hub, announce presence, replay missed events, then handle frames one at a time in
 * arrival order (a send is acknowledged before the next frame is read). Bad frames get
 * an `error` frame; nothing a client sends can crash the process.
 */
export function chatSocket(
  app: FastifyInstance,
  chat: ChatModules,
  authenticate: (token: string, ua: string | undefined) => Promise<AuthUser | null>,
) {
  return (socket: WebSocket, request: FastifyRequest) => {
    const lang = request.lang ?? 'id';
    const send = (frame: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const fail = (code: ErrorCode, ref: string | null, errors?: Record<string, string[]>) => {
      const first = errors ? Object.values(errors)[0]?.[0] : undefined;
      send({
        type: 'error',
        code,
        message: first ?? translate(lang, `error.${code}`),
        ref,
        ...(errors ? { errors } : {}),
      });
    };
    let session: SocketSession | null = null;
    let queue: Promise<void> = Promise.resolve();
    const timer = setTimeout(() => {
      if (!session) socket.close(CLOSE_CODES.unauthenticated, 'unauthenticated');
    }, AUTH_TIMEOUT_MS);

    const start = async (token: string, since: string | undefined) => {
      const user = await authenticate(token, request.headers['user-agent']).catch(() => null);
      if (!user) {
        fail('session-expired', null);
        socket.close(CLOSE_CODES.unauthenticated, 'unauthenticated');
        return;
      }
      clearTimeout(timer);
      session = { uid: user.id, lang, send };
      const me = await chat.presence.online(user.id, socket);
      send({
        type: 'ready',
        protocol: PROTOCOL_VERSION,
        user: me,
        last_event_id: await chat.events.lastEventId(),
      });
      if (since) for (const frame of await chat.events.since(user.id, since)) send(frame);
    };

    const handle = async (raw: string) => {
      let frame: Record<string, unknown>;
      try {
        frame = JSON.parse(raw);
      } catch {
        return fail('validation-failed', null);
      }
      if (frame === null || typeof frame !== 'object') return fail('validation-failed', null);
      const ref = refOf(frame);
      const bad = findBadValue(frame);
      if (bad)
        return fail('validation-failed', ref, { [printable(bad.path) || '_']: [translate(lang, bad.key)] });
      const type = typeof frame?.type === 'string' ? (frame.type as ClientMessageType) : null;
      if (!type || !(type in CHECKS))
        return fail('validation-failed', ref, { type: [translate(lang, 'validation.oneOf')] });
      if (!CHECKS[type].Check(frame)) {
        const errors: Record<string, string[]> = {};
        for (const e of CHECKS[type].Errors(frame)) {
          const field = e.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          errors[field] = [translate(lang, 'validation.invalid')];
        }
        return fail('validation-failed', ref, errors);
      }
      if (type === 'auth') {
        if (session) return fail('validation-failed', ref);
        return start(frame.token as string, frame.since as string | undefined);
      }
      if (!session) return fail('unauthenticated', ref);
      try {
        await dispatch(chat, session, frame as never);
      } catch (e) {
        if (!(e instanceof AppError)) {
          app.log.error({ err: e }, 'chat frame failed');
          return fail('internal', ref);
        }
        const errors = e.fields
          ? Object.fromEntries(
              Object.entries(e.fields).map(([f, l]) => [f, l.map((m) => translate(lang, m.key, m.params))]),
            )
          : undefined;
        fail(e.code, ref, errors);
      }
    };

    socket.on('message', (data, isBinary) => {
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      if (isBinary || size > MAX_FRAME_BYTES) return fail('validation-failed', null);
      const raw = data.toString();
      queue = queue.then(() => handle(raw)).catch((e) => app.log.error({ err: e }, 'chat socket'));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const uid = session?.uid;
      if (uid) queue = queue.then(() => chat.presence.offline(uid, socket)).catch(() => {});
    });
    socket.on('error', () => {});

    const token = (request.query as Record<string, unknown> | undefined)?.token;
    const since = (request.query as Record<string, unknown> | undefined)?.since;
    if (typeof token === 'string' && token) {
      queue = queue.then(() =>
        start(token, typeof since === 'string' && /^\d{1,18}$/.test(since) ? since : undefined),
      );
    }
  };
}

function refOf(frame: unknown): string | null {
  if (!frame || typeof frame !== 'object') return null;
  const f = frame as Record<string, unknown>;
  for (const key of ['ref', 'client_id', 'id'])
    if (typeof f[key] === 'string') return (f[key] as string).slice(0, 100);
  return null;
}
