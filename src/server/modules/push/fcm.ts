import { createSign } from 'node:crypto';
import type { PushPayload } from '#shared/contracts/push';
import { isLanguage, type Language } from '#shared/i18n/language';
import type { Db } from '../../db/database.ts';

/** Service-account credentials of the Firebase project (FCM_* variables, docs/operations.md). */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** Google's endpoints; a test points them at a local server. */
  endpoint: string;
  tokenUri: string;
}

export type Fetch = typeof fetch;

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * Firebase Cloud Messaging over the HTTP v1 API, used for alerts instead of (and next to)
 * VAPID Web Push when FCM is configured: an OAuth2 access token from a signed service
 * account JWT (RS256), then one `messages:send` per registration token. A token FCM
 * answers UNREGISTERED (404) or INVALID_ARGUMENT about is removed, as a gone Web Push
 * subscription is. The message is data-only so the app's own service worker shows it
 * exactly as a Web Push payload (sw/push.ts reads `data`).
 */
export class FcmSender {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly config: FcmConfig,
    private readonly db: Db,
    private readonly log: (line: string) => void,
    private readonly fetcher: Fetch = fetch,
  ) {}

  async saveToken(userId: string, token: string): Promise<void> {
    await this.db
      .insertInto('fcm_tokens')
      .values({ token, user_id: userId })
      .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: userId }))
      .execute();
  }

  async removeToken(userId: string, token: string): Promise<void> {
    await this.db.deleteFrom('fcm_tokens').where('token', '=', token).where('user_id', '=', userId).execute();
  }

  async notifyUsers(
    userIds: string[],
    payloadFor: (userId: string, lang: Language) => PushPayload | null,
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await this.db
      .selectFrom('fcm_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.token', 't.user_id', 'u.language'])
      .where('t.user_id', 'in', userIds)
      .execute();
    let sent = 0;
    for (const row of rows) {
      const payload = payloadFor(row.user_id, isLanguage(row.language) ? row.language : 'id');
      if (!payload) continue;
      try {
        if (await this.send(row.token, payload)) sent += 1;
      } catch (error) {
        this.log(`[fcm] send failed: ${(error as Error).message}`);
      }
    }
    return sent;
  }

  /** One message to one registration token; false when FCM refused it (a dead token is removed). */
  async send(token: string, payload: PushPayload): Promise<boolean> {
    const access = await this.accessToken();
    const res = await this.fetcher(
      `${this.config.endpoint}/v1/projects/${encodeURIComponent(this.config.projectId)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify(fcmMessage(token, payload)),
      },
    );
    if (res.ok) return true;
    const text = await res.text();
    if (res.status === 404 || /UNREGISTERED|INVALID_ARGUMENT/.test(text)) {
      await this.db.deleteFrom('fcm_tokens').where('token', '=', token).execute();
    } else this.log(`[fcm] answered ${res.status}: ${text.slice(0, 200)}`);
    return false;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now() + 60_000) return this.token.value;
    const res = await this.fetcher(this.config.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountJwt(this.config),
      }).toString(),
    });
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('token endpoint answered no access_token');
    this.token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }
}

/** The HTTP v1 message: data only (strings), high priority for the browser, the click link. */
export function fcmMessage(token: string, payload: PushPayload) {
  return {
    message: {
      token,
      data: { title: payload.title, body: payload.body, url: payload.url, tag: payload.tag },
      webpush: { headers: { Urgency: 'normal', TTL: '86400' }, fcm_options: { link: payload.url } },
    },
  };
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The service account's signed assertion (RFC 7523) Google trades for an access token. */
export function serviceAccountJwt(config: FcmConfig, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({ iss: config.clientEmail, scope: SCOPE, aud: config.tokenUri, iat, exp: iat + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${head}.${claims}`);
  return `${head}.${claims}.${b64url(signer.sign(config.privateKey))}`;
}
