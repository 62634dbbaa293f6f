import { registerNamespace } from '#components/register-namespace.ts';
import { cycleLocales } from './locales.ts';

/** The `cycle` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('cycle', cycleLocales);
