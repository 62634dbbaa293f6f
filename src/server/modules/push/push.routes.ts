import { Envelope, MessageOnly } from '#shared/contracts/envelope';
import { PushEndpointBody, PushKey, PushSubscriptionBody } from '#shared/contracts/push';
import type { Api, AppContext } from '../../types.ts';

/** Web Push: the key browsers subscribe with, and the caller's own subscriptions. */
export function pushRoutes(api: Api, ctx: AppContext): void {
  const tags = ['push'];
  api.get('/push/key', { schema: { tags, response: { 200: Envelope(PushKey) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: { public_key: (await ctx.push.keys()).publicKey },
  }));

  api.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        description:
          'Stores this browser’s push subscription for the caller (moves it if another user had it).',
        body: PushSubscriptionBody,
        response: { 200: MessageOnly },
      },
    },
    async (req) => {
      await ctx.push.subscribe(req.user.id, req.body);
      return { message: req.t('server.created'), data: null };
    },
  );

  api.delete(
    '/push/subscriptions',
    {
      schema: {
        tags,
        description: 'Removes the caller’s subscription with this endpoint (logout); others’ are untouched.',
        body: PushEndpointBody,
        response: { 200: MessageOnly },
      },
    },
    async (req) => {
      await ctx.push.unsubscribe(req.user.id, req.body.endpoint);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
