import { type ApiClient, ApiError, type Query } from '#local/api-client';
import type { SessionStore } from '#local/session-store';
import type {
  ChatUser,
  Conversation,
  Group,
  GroupMember,
  GroupScope,
  Message,
  Sticker,
} from '#shared/chat/entities';
import type { Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import {
  ChatError,
  type GroupDraft,
  type HistoryRequest,
  type PageRequest,
  type Target,
  type UploadedFile,
} from './chat-client.ts';

/** Every REST failure becomes a ChatError carrying the server's translated message. */
export function toChatError(error: unknown, lang: Language): ChatError {
  if (error instanceof ChatError) return error;
  // Chat calls are live, never queued: the generic "saved, sent when online" would mislead.
  if (error instanceof ApiError && error.code === 'network')
    return new ChatError('network', translate(lang, 'error.network-live'));
  if (error instanceof ApiError) return new ChatError(error.code, error.message, error.errors);
  return new ChatError('unknown', translate(lang, 'error.internal'));
}

export interface ChatRestOptions {
  api: ApiClient;
  session: SessionStore;
  language: () => Language;
  baseUrl: string;
  fetch?: typeof fetch;
}

const enc = encodeURIComponent;

/** The chat's REST routes under /api/chat (chat.routes.ts, group.routes.ts) and the upload route. */
export function createChatRest({ api, session, language, baseUrl, fetch: doFetch }: ChatRestOptions) {
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toChatError(error, language());
    }
  };
  const get = <T>(path: string, query?: Query) => call(() => api.get<T>(path, query));
  const post = async <T>(path: string, body?: unknown) =>
    call(async () => (await api.post<T>(path, body)).data);
  const put = async (path: string, body: unknown) => call(async () => void (await api.put(path, body)));
  const del = async (path: string) => call(async () => void (await api.del(path)));
  const page = (req?: PageRequest): Query => ({ page: req?.page, search: req?.search || undefined });

  return {
    conversations: (req?: PageRequest) => get<Conversation[]>('/chat/conversations', page(req)),
    deleteConversation: (id: string) => del(`/chat/conversations/${enc(id)}`),
    history: ({
      receiver_type,
      receiver,
      before,
      parent_id,
      hide_replies,
      search,
      media,
      limit,
    }: HistoryRequest) =>
      get<Message[]>('/chat/messages', {
        receiver_type,
        receiver,
        before,
        parent_id,
        hide_replies,
        search: search || undefined,
        media,
        limit,
      }),
    createPoll: (target: Target, question: string, options: string[], clientId: string) =>
      post<Message>('/chat/polls', { ...target, question, options, client_id: clientId }),
    stickers: () => get<{ defaultStickers: Sticker[]; customStickers: Sticker[] }>('/chat/stickers'),
    users: (req?: PageRequest) => get<ChatUser[]>('/chat/users', page(req)),
    user: (uid: string) => get<ChatUser>(`/chat/users/${enc(uid)}`),
    group: (guid: string) => get<Group>(`/chat/groups/${enc(guid)}`),
    block: (uid: string) => post<null>(`/chat/users/${enc(uid)}/block`).then(() => undefined),
    unblock: (uid: string) => del(`/chat/users/${enc(uid)}/block`),
    groups: (req?: PageRequest) => get<Group[]>('/chat/groups', page(req)),
    createGroup: (draft: GroupDraft) => post<Group>('/chat/groups', draft),
    joinGroup: (guid: string, password?: string) =>
      post<Group>(`/chat/groups/${enc(guid)}/join`, password === undefined ? {} : { password }),
    leaveGroup: (guid: string) => post<null>(`/chat/groups/${enc(guid)}/leave`).then(() => undefined),
    deleteGroup: (guid: string) => del(`/chat/groups/${enc(guid)}`),
    members: (guid: string, req?: PageRequest) =>
      get<GroupMember[]>(`/chat/groups/${enc(guid)}/members`, page(req)),
    banned: (guid: string, req?: PageRequest) =>
      get<GroupMember[]>(`/chat/groups/${enc(guid)}/banned`, page(req)),
    addMembers: (guid: string, uids: string[]) =>
      post<Record<string, string>>(`/chat/groups/${enc(guid)}/members`, { uids }),
    memberAction: (guid: string, uid: string, action: 'kick' | 'ban' | 'unban') =>
      post<null>(`/chat/groups/${enc(guid)}/members/${enc(uid)}/${action}`).then(() => undefined),
    setScope: (guid: string, uid: string, scope: GroupScope) =>
      put(`/chat/groups/${enc(guid)}/members/${enc(uid)}/scope`, { scope }),

    /** `POST /api/uploads`, one multipart field `file` (the ApiClient only speaks JSON). */
    async upload(file: File | Blob, name: string): Promise<UploadedFile> {
      const lang = language();
      const form = new FormData();
      form.append('file', file, name);
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
      const token = session.get()?.token;
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await (doFetch ?? globalThis.fetch)(`${baseUrl}/uploads`, {
          method: 'POST',
          headers,
          body: form,
        });
      } catch {
        throw new ChatError('network', translate(lang, 'error.network-live'));
      }
      type Body = { message?: unknown; code?: unknown; errors?: unknown; data?: unknown };
      const body = (await response.json().catch(() => null)) as Body | null;
      const message = typeof body?.message === 'string' && body.message ? body.message : null;
      if (!response.ok) {
        if (response.status === 401 && token) session.notifyExpired();
        const code =
          typeof body?.code === 'string' ? body.code : response.status === 413 ? 'too-large' : 'unknown';
        const errors =
          body?.errors && typeof body.errors === 'object'
            ? (body.errors as Record<string, string[]>)
            : undefined;
        throw new ChatError(code, message ?? translate(lang, 'error.internal'), errors);
      }
      const data = body?.data as UploadedFile | undefined;
      if (!data || typeof data.url !== 'string')
        throw new ChatError('unknown', translate(lang, 'error.internal'));
      return data;
    },
  };
}

export type ChatRest = ReturnType<typeof createChatRest>;
