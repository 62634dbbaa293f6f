import { type Static, Type } from 'typebox';

/** Web Push contracts (ARCHITECTURE.md §6): the key the browser subscribes with, a subscription, and what a push carries. */
export const PushKey = Type.Object({ public_key: Type.String() });

export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ format: 'uri', maxLength: 2000, pattern: '^https?://' }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_=-]+$' }),
    auth: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_=-]+$' }),
  }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushEndpointBody = Type.Object({ endpoint: Type.String({ maxLength: 2000 }) });

/**
 * The JSON a push message carries, already in the recipient's language: the service
 * worker shows it as is. `tag` folds notifications of one conversation into one.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function isPushPayload(value: unknown): value is PushPayload {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['title', 'body', 'url', 'tag'].every((k) => typeof v[k] === 'string');
}

/** A Firebase Cloud Messaging registration token of this browser (FCM mode only). */
export const FcmTokenBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_:.-]+$' }),
});
export type FcmTokenBody = Static<typeof FcmTokenBody>;

/** How this installation pushes: VAPID Web Push, or FCM with the web app config `firebase/messaging` needs. */
export const PushProvider = Type.Object({
  provider: Type.Union([Type.Literal('vapid'), Type.Literal('fcm')]),
  firebase: Type.Union([
    Type.Object({
      apiKey: Type.String(),
      appId: Type.String(),
      messagingSenderId: Type.String(),
      projectId: Type.String(),
      vapidKey: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type PushProvider = Static<typeof PushProvider>;
