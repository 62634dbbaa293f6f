import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random session token; only its SHA-256 is stored, so a database leak is no login. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six random digits, uniformly drawn. */
export function newOneTimeCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A 6-digit code has only a million values, so a plain hash could be reversed from a
 * leaked table; HMAC with the server secret and the code's own id prevents that.
 */
export function hashCode(secret: string, codeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${codeId}:${code}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface LinkPayload {
  uid: string;
  /** invite: registration through a farm invitation (modules/user-farm/invitation.ts). */
  purpose: 'reset' | 'verify' | 'invite';
  /** Expiry, seconds since epoch. */
  exp: number;
  /** A fingerprint of the state the link acts on (password hash or email), so it dies once used. */
  fp: string;
}

/** Signed link token: base64url(JSON payload) + "." + HMAC. */
export function signLink(secret: string, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyLink(secret: string, signature: string, now = Date.now()): LinkPayload | null {
  const [body, mac] = signature.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', secret).update(body).digest('base64url');
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as LinkPayload;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < now) return null;
    return payload;
  } catch {
    return null;
  }
}
