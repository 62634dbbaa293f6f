import { registerNamespace } from '#components/register-namespace.ts';
import { attentionLocales } from './locales.ts';

/** The `attention` namespace, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('attention', attentionLocales);
