/// <reference lib="webworker" />
import { isPushPayload, type PushPayload } from '#shared/contracts/push';

/**
 * Web Push (ARCHITECTURE.md §6). The server sends a payload already worded in the user's
 * language; the worker only shows it. A tap focuses an open Tambak window and takes it to
 * the conversation, or opens one. A chat screen already in front shows the message
 * itself, so no notification pops over it.
 */
export function registerPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(show(self, parse(event.data)));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: string } | null)?.url ?? '/chat';
    event.waitUntil(open(self, url));
  });
}

function parse(data: PushMessageData | null): PushPayload | null {
  try {
    const value: unknown = data?.json();
    if (isPushPayload(value)) return value;
    // Firebase Cloud Messaging (when configured) wraps the same payload in `data`.
    const wrapped = (value as { data?: unknown } | null)?.data;
    return isPushPayload(wrapped) ? wrapped : null;
  } catch {
    return null;
  }
}

async function show(self: ServiceWorkerGlobalScope, payload: PushPayload | null): Promise<void> {
  if (!payload) return;
  const windows = await self.clients.matchAll({ type: 'window' });
  const chatInFront = windows.some((w) => w.focused && new URL(w.url).pathname === '/chat');
  if (chatInFront) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: safePath(payload.url) },
  });
}

/** Only app paths: a payload can never send the user to another site. */
function safePath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : '/chat';
}

async function open(self: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = safePath(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows[0];
  if (existing) {
    await existing.focus();
    if ('navigate' in existing) await existing.navigate(target).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}
