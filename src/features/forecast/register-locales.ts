import { registerNamespace } from '#components/register-namespace.ts';
import { forecastLocales } from './locales.ts';

/** The `forecast` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('forecast', forecastLocales);
