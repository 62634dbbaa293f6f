import { registerNamespace } from '#components/register-namespace.ts';
import { reportsLocales } from './locales.ts';

/** The `reports` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('reports', reportsLocales);
