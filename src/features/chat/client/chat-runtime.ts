/**
 * What the chat provider loads after the shell (one lazy chunk): the adapter and the
 * unread tracker, with the protocol schemas they pull in.
 */
export { createSelfHostedChatClient } from './selfhosted-adapter.ts';
export { UnreadTracker } from './unread-tracker.ts';
