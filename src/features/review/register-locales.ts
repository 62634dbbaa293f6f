import { registerNamespace } from '#components/register-namespace.ts';
import { reviewLocales } from './locales.ts';

/** The `review` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('review', reviewLocales);
