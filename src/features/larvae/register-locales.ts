import { registerNamespace } from '#components/register-namespace.ts';
import { larvaeLocales } from './locales.ts';

/** The `larvae` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('larvae', larvaeLocales);
