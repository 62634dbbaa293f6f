import { registerNamespace } from '#components/register-namespace.ts';
import { recordsLocales } from './locales.ts';

/** The `records` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('records', recordsLocales);
