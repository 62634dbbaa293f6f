import { registerNamespace } from '#components/register-namespace.ts';
import { probesLocales } from './locales.ts';

/** The `probes` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('probes', probesLocales);
