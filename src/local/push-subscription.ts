import type { PushProvider } from '#shared/contracts/push';
import type { ApiClient } from './api-client.ts';

/**
 * This browser's Web Push subscription (ARCHITECTURE.md §6), kept in step with the
 * signed-in user: subscribed after chat login when the user allowed notifications,
 * removed on logout so a shared phone stops showing the previous user's messages.
 * Asking for permission is the user's tap (the chat's notification switch), never automatic.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in globalThis &&
    'Notification' in globalThis
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

/** Subscribes (when permission is granted) and tells the server; answers the new state. */
export async function syncPushSubscription(api: ApiClient): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission !== 'granted') return Notification.permission === 'denied' ? 'denied' : 'off';
  // Firebase Cloud Messaging when the installation is configured for it (loaded only then).
  const provider = await api.get<PushProvider>('/push/provider').catch(() => null);
  if (provider?.provider === 'fcm' && provider.firebase) {
    const { fcmToken } = await import('./fcm-token.ts');
    await api.post('/push/fcm-tokens', { token: await fcmToken(provider.firebase, reg) });
    return 'on';
  }
  const { public_key } = await api.get<{ public_key: string }>('/push/key');
  let sub = await reg.pushManager.getSubscription();
  const current = sub?.options.applicationServerKey;
  const wanted = keyBytes(public_key);
  if (sub && current && !sameKey(new Uint8Array(current), wanted)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  const json = sub.toJSON();
  await api.post('/push/subscriptions', { endpoint: json.endpoint, keys: json.keys });
  return 'on';
}

/** The user's tap on "notifications on": asks the browser, then subscribes. */
export async function enablePush(api: ApiClient): Promise<PushState> {
  if (!supported()) return 'unsupported';
  // Window-only API (this layer is typed for workers too).
  const ask = Notification as unknown as { requestPermission(): Promise<NotificationPermission> };
  const permission = await ask.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  return syncPushSubscription(api);
}

/** Logout or "notifications off": the server forgets it first (needs the token), then the browser. */
export async function unsubscribePush(api: ApiClient): Promise<void> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api
    .request('DELETE', '/push/subscriptions', { body: { endpoint: sub.endpoint } })
    .catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
