import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPushPayload } from '#shared/contracts/push';
import { quickUser } from '#test/helpers/farm-fixtures';
import { createTestApp } from '#test/helpers/test-app';
import type { App } from '../../app.ts';

/**
 * Firebase Cloud Messaging up to the point the request leaves for Google: a local HTTP
 * server stands in for oauth2.googleapis.com and fcm.googleapis.com, and the app is
 * configured with FCM_* exactly as in production except FCM_ENDPOINT / FCM_TOKEN_URI.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const requests: { path: string; headers: Record<string, unknown>; body: string }[] = [];
const dead = new Set<string>();
let server: Server;
let base: string;
let app: App;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer' }));
        return;
      }
      const token = JSON.parse(body).message?.token;
      if (dead.has(token)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'projects/tambak-prod/messages/1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  app = await createTestApp({
    FCM_PROJECT_ID: 'tambak-prod',
    FCM_CLIENT_EMAIL: 'push@tambak-prod.iam.gserviceaccount.com',
    FCM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    FCM_API_KEY: 'AIza-test',
    FCM_APP_ID: '1:2:web:3',
    FCM_SENDER_ID: '2',
    FCM_VAPID_KEY: 'BKey',
    FCM_ENDPOINT: base,
    FCM_TOKEN_URI: `${base}/token`,
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('FCM HTTP v1', () => {
  it('lets the page register with Firebase (CSP connect-src)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('https://firebaseinstallations.googleapis.com');
    expect(csp).toContain('https://fcmregistrations.googleapis.com');
  });

  it('signs a service-account assertion, then posts a data message per token; a dead token is removed', async () => {
    const user = await quickUser(app, 'Fitri');
    for (const token of ['tok-live', 'tok-dead'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/push/fcm-tokens',
            headers: user.auth,
            payload: { token },
          })
        ).statusCode,
      ).toBe(200);
    dead.add('tok-dead');
    const accepted = await app.ctx.push.notifyUsers([user.id], () => ({
      title: 'Kualitas air di luar standar',
      body: 'Kolam 1: DO 3,2 mg/L di bawah standar (min 4 mg/L)',
      url: '/farm/f/pond/p',
      tag: 'water:p:do:2025-03-01:morning',
    }));
    expect(accepted).toBe(1);

    const token = requests.find((r) => r.path === '/token');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(token?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
    const verify = createVerify('RSA-SHA256');
    verify.update(`${head}.${claims}`);
    expect(verify.verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      iss: 'push@tambak-prod.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${base}/token`,
    });

    const sends = requests.filter((r) => r.path === '/v1/projects/tambak-prod/messages:send');
    expect(sends).toHaveLength(2);
    expect(sends[0].headers.authorization).toBe('Bearer ya29.test');
    const message = JSON.parse(sends[0].body).message;
    expect(message.token).toBe('tok-live');
    expect(isPushPayload(message.data)).toBe(true);
    expect(message.webpush.fcm_options.link).toBe('/farm/f/pond/p');

    const left = await app.ctx.db
      .selectFrom('fcm_tokens')
      .select('token')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((r) => r.token)).toEqual(['tok-live']);
  });

  it('hands the browser the Firebase web config', async () => {
    const user = await quickUser(app, 'Gita');
    const res = await app.inject({ url: '/api/push/provider', headers: user.auth });
    expect(res.json().data).toEqual({
      provider: 'fcm',
      firebase: {
        apiKey: 'AIza-test',
        appId: '1:2:web:3',
        messagingSenderId: '2',
        projectId: 'tambak-prod',
        vapidKey: 'BKey',
      },
    });
  });
});
