import { registerNamespace } from '#components/register-namespace.ts';
import { samplingLocales } from './locales.ts';

/** The `sampling` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('sampling', samplingLocales);
