import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromHeader } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';

/** The bytes Node had read of the request: a Buffer (Fastify's type says its JSON form). */
function packetText(raw: unknown): string {
  if (Buffer.isBuffer(raw)) return raw.toString('latin1');
  const data = (raw as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? Buffer.from(data as number[]).toString('latin1') : '';
}

/**
 * A request Node could not read (headers over the limit, broken HTTP, too slow) never
 * reaches a route: this answers it in the app's error envelope (`{ message, code }`,
 * translated) instead of Fastify's English `{ error, statusCode }`, and says the connection
 * closes, so a client does not send its next request down a socket about to be shut.
 * The language comes from the bytes read when they hold an Accept-Language, else Indonesian.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code =
    status === 431 ? 'payload-too-large' : status === 408 ? 'request-timeout' : 'validation-failed';
  const header = /\r\naccept-language:\s*([^\r\n]*)/i.exec(packetText(error.rawPacket))?.[1];
  const lang = languageFromHeader(header) ?? DEFAULT_LANGUAGE;
  const body = JSON.stringify({ message: translate(lang, `error.${code}`), code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
