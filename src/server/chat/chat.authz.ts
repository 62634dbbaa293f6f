import type { App } from '../app.ts';
import type { AuthzModule, FarmFixture } from '../authz/types.ts';

/** A user of `farm` (a viewer), so the owner may chat with them: chat stays inside farms. */
export async function farmMate(app: App, farm: FarmFixture, username: string): Promise<{ id: string }> {
  const user = await app.ctx.users.insert({
    id: crypto.randomUUID(),
    username,
    email: null,
    phone: null,
    password_hash: null,
  });
  await app.ctx.db
    .insertInto('user_farms')
    .values({ id: crypto.randomUUID(), farm_id: farm.farmId, user_id: user.id, role_id: 4 })
    .execute();
  app.ctx.farmAccess.changed();
  return user;
}

/**
 * Chat routes called by b with a's ids (src/server/authz/README.md). Chat objects are
 * per person, not per farm: b reading a's one-to-one conversation finds nothing, and
 * routes that only touch b's own data answer 200.
 */
export const chatAuthz: AuthzModule = {
  name: 'chat',
  seed: async (app, owner, farm) => {
    const other = await farmMate(app, farm, `peer ${farm.farmName}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/polls',
      headers: owner.auth,
      payload: { question: 'Panen?', options: ['ya', 'tidak'], receiver_type: 'user', receiver: other.id },
    });
    const poll = res.json().data;
    return { chatPeerId: other.id, chatConversationId: poll.conversation_id };
  },
  cases: [
    {
      route: 'GET /api/chat/provider',
      request: () => ({ url: '/api/chat/provider' }),
      status: 200,
      reason: 'the chat provider and its public browser config are the same for everyone',
    },
    {
      route: 'GET /api/chat/link-preview',
      request: () => ({ url: '/api/chat/link-preview?url=http%3A%2F%2F127.0.0.1%2F' }),
      status: 200,
      reason: 'previews public pages only (a private address gives none); nothing of a’s is read',
    },
    {
      route: 'GET /api/chat/conversations',
      request: () => ({ url: '/api/chat/conversations' }),
      status: 200,
      reason: 'lists only the caller’s own conversations',
    },
    {
      route: 'DELETE /api/chat/conversations/:id',
      request: (A) => ({ url: `/api/chat/conversations/${A.extra.chatConversationId}` }),
    },
    {
      route: 'GET /api/chat/messages',
      request: (A) => ({ url: `/api/chat/messages?receiver_type=group&receiver=tambak_${A.farmId}` }),
    },
    {
      route: 'GET /api/chat/users',
      request: (A) => ({ url: `/api/chat/users?search=${encodeURIComponent(`peer ${A.farmName}`)}` }),
      status: 200,
      reason: 'lists the caller’s contacts only: farm A’s people do not show (issue 12 point 4)',
    },
    {
      route: 'GET /api/chat/users/:uid',
      request: (A) => ({ url: `/api/chat/users/${A.extra.chatPeerId}` }),
      reason: 'a person of farm A is not found, exactly like an unknown id',
    },
    {
      route: 'POST /api/chat/users/:uid/block',
      request: (A) => ({ url: `/api/chat/users/${A.extra.chatPeerId}/block` }),
    },
    {
      route: 'DELETE /api/chat/users/:uid/block',
      request: (A) => ({ url: `/api/chat/users/${A.extra.chatPeerId}/block` }),
    },
    {
      route: 'POST /api/chat/polls',
      request: (A) => ({
        url: '/api/chat/polls',
        payload: {
          question: 'q',
          options: ['a', 'b'],
          receiver_type: 'group',
          receiver: `tambak_${A.farmId}`,
        },
      }),
    },
    {
      route: 'GET /api/chat/stickers',
      request: () => ({ url: '/api/chat/stickers' }),
      status: 200,
      reason: 'built-in sticker list, the same for everyone',
    },
  ],
};
