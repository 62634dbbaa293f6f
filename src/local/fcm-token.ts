import type { PushProvider } from '#shared/contracts/push';

type FirebaseWebConfig = NonNullable<PushProvider['firebase']>;

/**
 * This browser's FCM registration token, through the app's own service worker (it shows
 * FCM's data messages as it shows Web Push, sw/push.ts). The `firebase` package
 * (messaging only) is imported here and only here, and this module is loaded only when
 * the server says FCM is configured: without it, no byte of Firebase is downloaded.
 */
export async function fcmToken(
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
): Promise<string> {
  const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  const app =
    getApps().find((a) => a.name === 'tambak') ??
    initializeApp(
      {
        apiKey: config.apiKey,
        appId: config.appId,
        messagingSenderId: config.messagingSenderId,
        projectId: config.projectId,
      },
      'tambak',
    );
  return getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
}
