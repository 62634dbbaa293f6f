import type { AuthzModule } from '../authz/types.ts';
import { farmMate } from './chat.authz.ts';

const FOREIGN_GROUP = 'a private group of farm A’s owner: b is no member, so it does not exist for b';

/**
 * Group routes called by b with a's groups (src/server/authz/README.md): A's farm group
 * `tambak_{farm_id}` and a private group a made with a peer. Private groups a caller is
 * not in answer 404, as if they did not exist.
 */
export const chatGroupAuthz: AuthzModule = {
  name: 'chat-group',
  seed: async (app, owner, farm) => {
    const peer = await farmMate(app, farm, `member ${farm.farmName}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/groups',
      headers: owner.auth,
      payload: { name: `Grup ${farm.farmName}`, type: 'private' },
    });
    const guid = res.json().data.guid as string;
    await app.inject({
      method: 'POST',
      url: `/api/chat/groups/${guid}/members`,
      headers: owner.auth,
      payload: { uids: [peer.id] },
    });
    return { chatGroupId: guid, chatGroupPeerId: peer.id };
  },
  cases: [
    {
      route: 'GET /api/chat/groups',
      request: () => ({ url: '/api/chat/groups' }),
      status: 200,
      reason: 'lists only groups the caller may see: private ones only to their members',
    },
    {
      route: 'POST /api/chat/groups',
      request: () => ({ url: '/api/chat/groups', payload: { name: 'Grup b', type: 'public' } }),
      status: 201,
      reason: 'creates a group of the caller’s own, tied to no farm',
    },
    {
      route: 'GET /api/chat/groups/:guid',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}` }),
      reason: FOREIGN_GROUP,
    },
    {
      route: 'GET /api/chat/groups/:guid',
      request: (A) => ({ url: `/api/chat/groups/${A.extra.chatGroupId}` }),
    },
    {
      route: 'POST /api/chat/groups/:guid/join',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}/join`, payload: {} }),
      reason: FOREIGN_GROUP,
    },
    {
      route: 'POST /api/chat/groups/:guid/join',
      request: (A) => ({ url: `/api/chat/groups/${A.extra.chatGroupId}/join`, payload: {} }),
    },
    {
      route: 'POST /api/chat/groups/:guid/leave',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}/leave` }),
    },
    {
      route: 'DELETE /api/chat/groups/:guid',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}` }),
    },
    {
      route: 'DELETE /api/chat/groups/:guid',
      request: (A) => ({ url: `/api/chat/groups/${A.extra.chatGroupId}` }),
    },
    {
      route: 'GET /api/chat/groups/:guid/members',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}/members` }),
    },
    {
      route: 'GET /api/chat/groups/:guid/banned',
      request: (A) => ({ url: `/api/chat/groups/${A.extra.chatGroupId}/banned` }),
    },
    {
      route: 'POST /api/chat/groups/:guid/members',
      request: (A) => ({
        url: `/api/chat/groups/${A.extra.chatGroupId}/members`,
        payload: { uids: [A.ownerId] },
      }),
    },
    {
      route: 'POST /api/chat/groups/:guid/members/:uid/kick',
      request: (A) => ({
        url: `/api/chat/groups/${A.extra.chatGroupId}/members/${A.extra.chatGroupPeerId}/kick`,
      }),
    },
    {
      route: 'POST /api/chat/groups/:guid/members/:uid/ban',
      request: (A) => ({ url: `/api/chat/groups/tambak_${A.farmId}/members/${A.ownerId}/ban` }),
    },
    {
      route: 'POST /api/chat/groups/:guid/members/:uid/unban',
      request: (A) => ({
        url: `/api/chat/groups/${A.extra.chatGroupId}/members/${A.extra.chatGroupPeerId}/unban`,
      }),
    },
    {
      route: 'PUT /api/chat/groups/:guid/members/:uid/scope',
      request: (A) => ({
        url: `/api/chat/groups/${A.extra.chatGroupId}/members/${A.extra.chatGroupPeerId}/scope`,
        payload: { scope: 'admin' },
      }),
    },
    {
      route: 'POST /api/chat/sync-farm-groups',
      request: () => ({ url: '/api/chat/sync-farm-groups' }),
      status: 403,
      reason: 'system administrators only; farm admins are not',
    },
  ],
};
