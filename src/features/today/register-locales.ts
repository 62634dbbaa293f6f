import { registerNamespace } from '#components/register-namespace.ts';
import { todayLocales } from './locales.ts';

/** The `today` namespace, added when the Today screen's chunk loads (ADR 0011). */
registerNamespace('today', todayLocales);
