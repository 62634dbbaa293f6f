import { registerNamespace } from '#components/register-namespace.ts';
import { warehouseLocales } from './locales.ts';

/** The `warehouse` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('warehouse', warehouseLocales);
