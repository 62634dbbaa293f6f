import { registerNamespace } from '#components/register-namespace.ts';
import { chartsLocales } from './locales.ts';

/** The `charts` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('charts', chartsLocales);
