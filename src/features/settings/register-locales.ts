import { registerNamespace } from '#components/register-namespace.ts';
import { settingsLocales } from './locales.ts';

/** The `settings` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('settings', settingsLocales);
