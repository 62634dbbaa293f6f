/**
 * What the chat provider loads after the shell (one lazy chunk): the adapter, the
 * unread tracker and the delivery marker, with the protocol schemas they pull in.
 */

export { DeliveryMarker } from './delivery-marker.ts';
export { createSelfHostedChatClient } from './selfhosted-adapter.ts';
export { UnreadTracker } from './unread-tracker.ts';
