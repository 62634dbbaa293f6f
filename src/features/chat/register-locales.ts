import { registerNamespace } from '#components/register-namespace.ts';
import { chatCallsLocales } from './calls/locales.ts';
import { chatExtrasLocales } from './extras/locales.ts';
import { chatGroupsLocales } from './groups/locales.ts';
import { chatLocales } from './locales.ts';
import { chatPushLocales } from './push/locales.ts';

/** The chat namespaces, added when a chunk of this feature loads (ADR 0011). */
registerNamespace('chat', chatLocales);
registerNamespace('chatPush', chatPushLocales);
registerNamespace('chatGroups', chatGroupsLocales);
registerNamespace('chatCalls', chatCallsLocales);
registerNamespace('chatExtras', chatExtrasLocales);
