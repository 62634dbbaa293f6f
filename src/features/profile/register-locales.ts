import { registerNamespace } from '#components/register-namespace.ts';
import { profileLocales } from './locales.ts';

/** The `profile` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('profile', profileLocales);
