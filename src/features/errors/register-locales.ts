import { registerNamespace } from '#components/register-namespace.ts';
import { errorsLocales } from './locales.ts';

/** The `errors` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('errors', errorsLocales);
