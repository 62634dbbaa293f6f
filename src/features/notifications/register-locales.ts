import { registerNamespace } from '#components/register-namespace.ts';
import { notificationsLocales } from './locales.ts';

/** The `notifications` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('notifications', notificationsLocales);
