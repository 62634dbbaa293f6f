/**
 * Optional hosted providers (issue 18, docs/operations.md): Firebase Cloud Messaging for
 * pushes and the hosted chat service. Each is on only when every one of its variables is
 * set. A partial set is a misconfiguration that must not take the farm down: it is
 * reported at start-up naming the missing variable, and the self-hosted default
 * (VAPID Web Push, the built-in chat engine) is used instead.
 */
export interface FcmProviderConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  endpoint: string;
  tokenUri: string;
  /** The Firebase web app config the browser's `firebase/messaging` needs. */
  web: { apiKey: string; appId: string; messagingSenderId: string; vapidKey: string };
}

export interface HostedChatConfig {
  appId: string;
  region: string;
  authKey: string;
  /** REST API key for user creation and farm group sync (`/sync-chat-user`). */
  restKey: string;
}

export interface ProviderConfig {
  fcm: FcmProviderConfig | null;
  hostedChat: HostedChatConfig | null;
  /** What start-up logs: one line per misconfigured provider. */
  warnings: string[];
}

type Env = Record<string, string | undefined>;

const FCM_VARS = [
  'FCM_PROJECT_ID',
  'FCM_CLIENT_EMAIL',
  'FCM_PRIVATE_KEY',
  'FCM_API_KEY',
  'FCM_APP_ID',
  'FCM_SENDER_ID',
  'FCM_VAPID_KEY',
] as const;
const CHAT_VARS = [
  'COMETCHAT_APP_ID',
  'COMETCHAT_REGION',
  'COMETCHAT_AUTH_KEY',
  'COMETCHAT_REST_KEY',
] as const;
const REGIONS = new Set(['us', 'eu', 'in']);

/** Set (non-blank) variables of a group; null when none, the missing ones otherwise. */
function group(env: Env, names: readonly string[]): { missing: string[] } | null {
  const set = names.filter((n) => (env[n] ?? '').trim() !== '');
  if (set.length === 0) return null;
  return { missing: names.filter((n) => !set.includes(n)) };
}

export function providerConfig(env: Env): ProviderConfig {
  const warnings: string[] = [];
  let fcm: FcmProviderConfig | null = null;
  const f = group(env, FCM_VARS);
  if (f && f.missing.length > 0) {
    warnings.push(
      `Firebase Cloud Messaging is off: set ${f.missing.join(', ')} (or unset every FCM_ variable). Pushes use VAPID Web Push.`,
    );
  } else if (f) {
    const key = (env.FCM_PRIVATE_KEY as string).replace(/\\n/g, '\n');
    if (!key.includes('PRIVATE KEY'))
      warnings.push(
        'Firebase Cloud Messaging is off: FCM_PRIVATE_KEY must be the service account’s PEM private key. Pushes use VAPID Web Push.',
      );
    else
      fcm = {
        projectId: (env.FCM_PROJECT_ID as string).trim(),
        clientEmail: (env.FCM_CLIENT_EMAIL as string).trim(),
        privateKey: key,
        endpoint: (env.FCM_ENDPOINT || 'https://fcm.googleapis.com').replace(/\/$/, ''),
        tokenUri: env.FCM_TOKEN_URI || 'https://oauth2.googleapis.com/token',
        web: {
          apiKey: (env.FCM_API_KEY as string).trim(),
          appId: (env.FCM_APP_ID as string).trim(),
          messagingSenderId: (env.FCM_SENDER_ID as string).trim(),
          vapidKey: (env.FCM_VAPID_KEY as string).trim(),
        },
      };
  }
  let hostedChat: HostedChatConfig | null = null;
  const c = group(env, CHAT_VARS);
  if (c && c.missing.length > 0) {
    warnings.push(
      `Hosted chat is off: set ${c.missing.join(', ')} (or unset every COMETCHAT_ variable). Chat uses the built-in engine.`,
    );
  } else if (c) {
    const region = (env.COMETCHAT_REGION as string).trim().toLowerCase();
    if (!REGIONS.has(region))
      warnings.push(
        `Hosted chat is off: COMETCHAT_REGION must be us, eu or in, got "${region}". Chat uses the built-in engine.`,
      );
    else
      hostedChat = {
        appId: (env.COMETCHAT_APP_ID as string).trim(),
        region,
        authKey: (env.COMETCHAT_AUTH_KEY as string).trim(),
        restKey: (env.COMETCHAT_REST_KEY as string).trim(),
      };
  }
  return { fcm, hostedChat, warnings };
}

/**
 * What the page's Content Security Policy must allow in hosted chat mode: the SDK talks to
 * `<app>.api-<region>`, `<app>.apiclient-<region>` and the extensions' hosts over HTTPS and
 * to its chat host over a secure WebSocket, all under cometchat.io; stickers and avatars
 * come from the service's (and its users') image hosts, which are not known in advance.
 */
export function hostedChatCsp(hosted: HostedChatConfig | null): { connectSrc: string[]; imgSrc: string[] } {
  if (!hosted) return { connectSrc: [], imgSrc: [] };
  return { connectSrc: ['https://*.cometchat.io', 'wss://*.cometchat.io'], imgSrc: ['https:'] };
}

/**
 * What the page's Content Security Policy must allow when Firebase Cloud Messaging is on:
 * the browser's `firebase/messaging` registers the device with Firebase Installations and
 * the FCM registration service before it has a token to send us.
 */
export function fcmCsp(fcm: FcmProviderConfig | null): { connectSrc: string[] } {
  if (!fcm) return { connectSrc: [] };
  return {
    connectSrc: ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'],
  };
}
