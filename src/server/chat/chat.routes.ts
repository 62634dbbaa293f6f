import { Type } from 'typebox';
import { ChatUser, Message } from '#shared/chat/entities';
import {
  ChatProviderInfo,
  ConversationParams,
  ConversationsPage,
  CreatePollBody,
  HistoryQuery,
  LinkPreview,
  LinkPreviewQuery,
  MessagesPage,
  PageQuery,
  StickerList,
  UidParams,
} from '#shared/chat/rest';
import { Envelope, MessageOnly } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../types.ts';
import { groupRoutes } from './group.routes.ts';
import { chatSocket } from './socket.ts';
import { builtInStickers } from './stickers.ts';

const tags = ['chat'];

/** HTTP only: the chat socket and the chat's REST reads and management (README.md). */
export function chatRoutes(api: Api, ctx: AppContext): void {
  const { chat } = ctx;
  // @fastify/websocket hides socket routes from OpenAPI; every route here is documented.
  api.addHook('onRoute', (route) => {
    if (route.websocket && route.schema) route.schema.hide = false;
  });

  api.get(
    '/chat/provider',
    {
      schema: {
        tags,
        description:
          'Built-in chat or the hosted service (COMETCHAT_*), with what the hosted browser SDK needs.',
        response: { 200: Envelope(ChatProviderInfo) },
      },
    },
    async (req) => {
      const hosted = ctx.config.providers.hostedChat;
      return {
        message: req.t('server.ok'),
        data: hosted
          ? {
              provider: 'hosted' as const,
              app_id: hosted.appId,
              region: hosted.region,
              auth_key: hosted.authKey,
            }
          : { provider: 'selfhosted' as const },
      };
    },
  );

  api.get(
    '/chat/socket',
    {
      websocket: true,
      // The socket authenticates itself (`?token=` or a first `auth` frame): browsers
      // cannot set an Authorization header on a WebSocket.
      config: { public: true },
      schema: {
        tags,
        querystring: Type.Object({
          token: Type.Optional(Type.String()),
          since: Type.Optional(Type.String()),
        }),
      },
    },
    chatSocket(api, chat, (token, ua) => ctx.sessions.authenticate(token, ua)) as never,
  );

  api.get(
    '/chat/conversations',
    { schema: { tags, querystring: PageQuery, response: { 200: Envelope(ConversationsPage) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await chat.service.conversations(req.user.id, req.query.page ?? 1),
    }),
  );

  api.delete(
    '/chat/conversations/:id',
    { schema: { tags, params: ConversationParams, response: { 200: MessageOnly } } },
    async (req) => {
      await chat.service.deleteConversation(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.get(
    '/chat/messages',
    { schema: { tags, querystring: HistoryQuery, response: { 200: Envelope(MessagesPage) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await chat.service.history(req.user.id, req.query),
    }),
  );

  api.get(
    '/chat/users',
    { schema: { tags, querystring: PageQuery, response: { 200: Envelope(Type.Array(ChatUser)) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await chat.service.users(req.user.id, req.query.page ?? 1, req.query.search),
    }),
  );

  api.get(
    '/chat/users/:uid',
    { schema: { tags, params: UidParams, response: { 200: Envelope(ChatUser) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await chat.service.user(req.user.id, req.params.uid),
    }),
  );

  api.post(
    '/chat/users/:uid/block',
    { schema: { tags, params: UidParams, response: { 200: MessageOnly } } },
    async (req) => {
      await chat.service.block(req.user.id, req.params.uid, true);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.delete(
    '/chat/users/:uid/block',
    { schema: { tags, params: UidParams, response: { 200: MessageOnly } } },
    async (req) => {
      await chat.service.block(req.user.id, req.params.uid, false);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.post(
    '/chat/polls',
    { schema: { tags, body: CreatePollBody, response: { 201: Envelope(Message) } } },
    async (req, reply) =>
      reply.status(201).send({
        message: req.t('server.created'),
        data: await chat.service.createPoll(req.user.id, req.body),
      }),
  );

  api.get('/chat/stickers', { schema: { tags, response: { 200: Envelope(StickerList) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: { defaultStickers: builtInStickers(), customStickers: [] },
  }));

  api.get(
    '/chat/link-preview',
    {
      schema: {
        tags,
        summary: "A link's preview: the page's title, description and site name, fetched by the server",
        description:
          'Safe fetch (http/https, public addresses only also after DNS and redirects, 5 s, 1 MB, HTML only); a page that may not be fetched or gives no title answers data null, never an error.',
        querystring: LinkPreviewQuery,
        response: { 200: Envelope(Type.Union([LinkPreview, Type.Null()])) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await chat.linkPreviews.preview(req.query.url) }),
  );

  groupRoutes(api, ctx);
}
