/** What other modules may take from push: the Web Push transport (tests stand in for it). */
export type { PushSender } from './push.service.ts';
