import { registerNamespace } from '#components/register-namespace.ts';
import { analysisLocales } from './locales.ts';

/** The `analysis` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('analysis', analysisLocales);
