import { registerNamespace } from '#components/register-namespace.ts';
import { farmLocales } from './locales.ts';

/** The `farm` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('farm', farmLocales);
