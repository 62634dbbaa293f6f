import { registerNamespace } from '#components/register-namespace.ts';
import { productionLocales } from './locales.ts';

/** The `production` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('production', productionLocales);
