import { registerNamespace } from '#components/register-namespace.ts';
import { financeLocales } from './locales.ts';

/** The `finance` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('finance', financeLocales);
