import { registerNamespace } from '#components/register-namespace.ts';
import { waterLocales } from './locales.ts';

/** The `water` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('water', waterLocales);
