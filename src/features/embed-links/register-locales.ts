import { registerNamespace } from '#components/register-namespace.ts';
import { embedLinksLocales } from './locales.ts';

/** The `embedLinks` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('embedLinks', embedLinksLocales);
