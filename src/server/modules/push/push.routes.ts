import { Envelope, MessageOnly } from '#shared/contracts/envelope';
import {
  FcmTokenBody,
  PushEndpointBody,
  PushKey,
  PushProvider,
  PushSubscriptionBody,
} from '#shared/contracts/push';
import { AppError } from '../../errors.ts';
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

  api.get(
    '/push/provider',
    {
      schema: {
        tags,
        description:
          'Whether this installation pushes with VAPID or Firebase Cloud Messaging (and its web config).',
        response: { 200: Envelope(PushProvider) },
      },
    },
    async (req) => {
      const fcm = ctx.config.providers.fcm;
      return {
        message: req.t('server.ok'),
        data: fcm
          ? { provider: 'fcm' as const, firebase: { ...fcm.web, projectId: fcm.projectId } }
          : { provider: 'vapid' as const, firebase: null },
      };
    },
  );

  api.post(
    '/push/fcm-tokens',
    {
      schema: {
        tags,
        description:
          'Stores this browser’s FCM registration token for the caller; 404 when FCM is not configured.',
        body: FcmTokenBody,
        response: { 200: MessageOnly },
      },
    },
    async (req) => {
      if (!ctx.push.fcm) throw new AppError('not-found');
      await ctx.push.fcm.saveToken(req.user.id, req.body.token);
      return { message: req.t('server.created'), data: null };
    },
  );

  api.delete(
    '/push/fcm-tokens',
    { schema: { tags, body: FcmTokenBody, response: { 200: MessageOnly } } },
    async (req) => {
      if (!ctx.push.fcm) throw new AppError('not-found');
      await ctx.push.fcm.removeToken(req.user.id, req.body.token);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
