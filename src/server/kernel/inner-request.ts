import { randomBytes } from 'node:crypto';

/**
 * A request the server makes to itself on a caller's behalf (the batched sync pull,
 * ADR 0065) carries this header with a secret made at start. The caller's own request
 * already spent its rate-limit budget; the inner ones must not spend it again. Nothing
 * outside this process knows the secret, so a client cannot claim it.
 */
export const INNER_REQUEST_HEADER = 'x-tambak-inner';
const secret = randomBytes(24).toString('base64url');

export function innerRequestHeaders(): Record<string, string> {
  return { [INNER_REQUEST_HEADER]: secret };
}

export function isInnerRequest(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[INNER_REQUEST_HEADER] === secret;
}
