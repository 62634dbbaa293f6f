/**
 * Routes anyone may call without a session, each with the reason. A route here needs no
 * authorization case; a route marked `config: { public: true }` must be here.
 * Keys are `METHOD /api/path` as registered; a trailing `*` matches a prefix.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness probe for load balancers; shows no data',
  'GET /api/config': 'client bootstrap settings (support link) needed before sign-in',
  'GET /api/dev/outbox': 'development and test mailbox; not registered in production',
  'POST /api/registrasi': 'creating an account happens before any session exists',
  'POST /api/login/email': 'sign-in step 1 (password), rate-limited per IP',
  'POST /api/login/phone': 'sign-in step 1 (phone), rate-limited per IP',
  'POST /api/login/otp': 'sign-in step 2 (one-time code), rate-limited per IP and per account',
  'POST /api/forgetPassword': 'password reset request; answers the same for unknown emails',
  'POST /api/reset/password': 'authorised by the signed, single-use link instead of a session',
  'POST /api/email-verification': 'authorised by the signed, single-use link instead of a session',
  'GET /api/chat/socket':
    'WebSocket upgrade; authenticates itself by session token (?token= or a first auth frame), closes with 4401 otherwise',
  'GET /api/files/:id':
    'an upload read by <img>/<video>/<audio> without headers: the 256-bit random id in the URL is the capability (docs/security.md, Uploads); a wrong id answers 404',
  'POST /api/ingest/readings':
    'a water-quality probe authenticates itself by its device key (X-Device-Key or Bearer), not a session; unknown or revoked keys answer 401 and store nothing',
  'POST /api/errors/report':
    'a crash on the sign-in screen must reach the server too: holds no personal data (scrubbed on the device), limited per device and address, events over the rate dropped',
  'GET /api/errors/config': 'the error-tracing sample rate a device applies before any session exists',
  'GET /api/docs*': 'OpenAPI document and its viewer; describes the API, holds no data',
};

export function publicReason(key: string): string | undefined {
  if (PUBLIC_ROUTES[key]) return PUBLIC_ROUTES[key];
  for (const [pattern, reason] of Object.entries(PUBLIC_ROUTES)) {
    if (pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1))) return reason;
  }
  return undefined;
}
