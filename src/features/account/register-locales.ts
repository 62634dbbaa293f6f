import { registerNamespace } from '#components/register-namespace.ts';
import { accountLocales } from './locales.ts';

/** The `account` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('account', accountLocales);
