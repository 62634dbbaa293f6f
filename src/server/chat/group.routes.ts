import { Group } from '#shared/chat/entities';
import {
  AddMembersBody,
  AddMembersResult,
  CreateGroupBody,
  GroupMemberParams,
  GroupParams,
  GroupsPage,
  GroupsQuery,
  JoinGroupBody,
  MembersPage,
  PageQuery,
  ScopeBody,
  SyncResult,
} from '#shared/chat/rest';
import { Envelope, MessageOnly } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../types.ts';

const tags = ['chat'];

/** Group management under /api/chat (group.service.ts) and the farm group sync utility. */
export function groupRoutes(api: Api, ctx: AppContext): void {
  const { groups, farmSync } = ctx.chat;

  api.get(
    '/chat/groups',
    { schema: { tags, querystring: GroupsQuery, response: { 200: Envelope(GroupsPage) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await groups.list(req.user.id, req.query.page ?? 1, req.query.search),
    }),
  );

  api.post(
    '/chat/groups',
    { schema: { tags, body: CreateGroupBody, response: { 201: Envelope(Group) } } },
    async (req, reply) =>
      reply
        .status(201)
        .send({ message: req.t('server.created'), data: await groups.create(req.user.id, req.body) }),
  );

  api.get(
    '/chat/groups/:guid',
    { schema: { tags, params: GroupParams, response: { 200: Envelope(Group) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await groups.get(req.user.id, req.params.guid),
    }),
  );

  api.post(
    '/chat/groups/:guid/join',
    { schema: { tags, params: GroupParams, body: JoinGroupBody, response: { 200: Envelope(Group) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await groups.join(req.user.id, req.params.guid, req.body?.password),
    }),
  );

  api.post(
    '/chat/groups/:guid/leave',
    { schema: { tags, params: GroupParams, response: { 200: MessageOnly } } },
    async (req) => {
      await groups.leave(req.user.id, req.params.guid);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.delete(
    '/chat/groups/:guid',
    { schema: { tags, params: GroupParams, response: { 200: MessageOnly } } },
    async (req) => {
      await groups.remove(req.user.id, req.params.guid);
      return { message: req.t('server.deleted'), data: null };
    },
  );

  api.get(
    '/chat/groups/:guid/members',
    {
      schema: { tags, params: GroupParams, querystring: PageQuery, response: { 200: Envelope(MembersPage) } },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await groups.members(req.user.id, req.params.guid, req.query.page ?? 1),
    }),
  );

  api.get(
    '/chat/groups/:guid/banned',
    {
      schema: { tags, params: GroupParams, querystring: PageQuery, response: { 200: Envelope(MembersPage) } },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await groups.banned(req.user.id, req.params.guid, req.query.page ?? 1),
    }),
  );

  api.post(
    '/chat/groups/:guid/members',
    {
      schema: {
        tags,
        params: GroupParams,
        body: AddMembersBody,
        response: { 200: Envelope(AddMembersResult) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await groups.addMembers(req.user.id, req.params.guid, req.body.uids),
    }),
  );

  for (const action of ['kick', 'ban', 'unban'] as const) {
    api.post(
      `/chat/groups/:guid/members/:uid/${action}`,
      { schema: { tags, params: GroupMemberParams, response: { 200: MessageOnly } } },
      async (req) => {
        await groups[action](req.user.id, req.params.guid, req.params.uid);
        return { message: req.t('server.updated'), data: null };
      },
    );
  }

  api.put(
    '/chat/groups/:guid/members/:uid/scope',
    { schema: { tags, params: GroupMemberParams, body: ScopeBody, response: { 200: MessageOnly } } },
    async (req) => {
      await groups.setScope(req.user.id, req.params.guid, req.params.uid, req.body.scope);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.post(
    '/chat/sync-farm-groups',
    { schema: { tags, response: { 200: Envelope(SyncResult) } } },
    async (req) => ({ message: req.t('server.updated'), data: await farmSync.syncAll(req.user.id) }),
  );
}
