import { registerNamespace } from '#components/register-namespace.ts';
import { pondLocales } from './pond-locales.ts';

/** The `pond` namespace, added when the pond screen's chunk loads (ADR 0011). */
registerNamespace('pond', pondLocales);
