import type { AuthzModule } from '../authz/types.ts';

/**
 * Chat routes called by b with a's ids (src/server/authz/README.md). Chat objects are
 * per person, not per farm: b reading a's one-to-one conversation finds nothing, and
 * routes that only touch b's own data answer 200.
 */
export const chatAuthz: AuthzModule = {
  name: 'chat',
  seed: async (app, owner, farm) => {
    const other = await app.ctx.users.insert({
      id: crypto.randomUUID(),
      username: `peer ${farm.farmName}`,
      email: null,
      phone: null,
      password_hash: null,
    });
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
      request: () => ({ url: '/api/chat/users?search=zzzz-nobody' }),
      status: 200,
      reason: 'the chat directory lists people, never farm data',
    },
    {
      route: 'GET /api/chat/users/:uid',
      request: () => ({ url: `/api/chat/users/${crypto.randomUUID()}` }),
      reason: 'an unknown id; a known one shows a person, never farm data',
    },
    {
      route: 'POST /api/chat/users/:uid/block',
      request: () => ({ url: `/api/chat/users/${crypto.randomUUID()}/block` }),
    },
    {
      route: 'DELETE /api/chat/users/:uid/block',
      request: () => ({ url: `/api/chat/users/${crypto.randomUUID()}/block` }),
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
