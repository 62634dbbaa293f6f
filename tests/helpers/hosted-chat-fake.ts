/**
 * A small in-memory stand-in for the hosted chat service at its network boundary, for
 * running the real `@cometchat/chat-sdk-javascript` in tests (hosted-adapter.test.ts):
 * `fetch` answers the REST calls the SDK makes (login, settings, users, groups, messages)
 * and `WebSocket` is the service's socket (auth, messages and receipts pushed as the
 * service frames them). Only what the chat port's contract exercises is implemented; an
 * unknown call answers 404 and is recorded in `unknown`, so a test sees it.
 *
 * `down()` cuts the network for the device under test (fetch fails, sockets close and
 * cannot open) until `up()`.
 */

interface StoredMessage {
  id: number;
  muid: string;
  sender: string;
  receiver: string;
  receiverType: 'user' | 'group';
  category: string;
  type: string;
  data: Record<string, unknown>;
  sentAt: number;
  parentId?: number;
}

interface FakeGroup {
  guid: string;
  name: string;
  type: string;
  owner: string;
  members: Map<string, string>;
}

export interface HostedChatFake {
  fetch: typeof fetch;
  WebSocket: unknown;
  addUser(uid: string, name: string): void;
  users: Map<string, { uid: string; name: string }>;
  messages: StoredMessage[];
  /** Frames the service pushed (or would push) to a user, socket open or not. */
  inbox(uid: string): Record<string, unknown>[];
  /** Another user's device sends a text message through the service. */
  sendAs(from: string, to: string, text: string): number;
  /** Another user's device marks a message read (the sender is told over its socket). */
  markReadAs(reader: string, messageId: number): void;
  /** Receipts the device under test sent over its socket. */
  receiptsSent: Record<string, unknown>[];
  down(): void;
  up(): void;
  unknown: string[];
  requests: string[];
  extensionCalls: { slug: string; method: string; path: string; body: unknown }[];
}

export function hostedChatFake(appId: string, region: string, authKey: string): HostedChatFake {
  const users = new Map<string, { uid: string; name: string }>();
  const tokens = new Map<string, string>();
  const groups = new Map<string, FakeGroup>();
  const messages: StoredMessage[] = [];
  const inboxes = new Map<string, Record<string, unknown>[]>();
  const receiptsSent: Record<string, unknown>[] = [];
  const unknown: string[] = [];
  const requests: string[] = [];
  const extensionCalls: { slug: string; method: string; path: string; body: unknown }[] = [];
  const sockets = new Set<FakeSocket>();
  let offline = false;
  let nextId = 1000;
  const now = () => Math.floor(Date.now() / 1000);

  const userJson = (uid: string) => {
    const u = users.get(uid);
    const online = [...sockets].some((s) => s.uid === uid && s.readyState === 1);
    return { uid, name: u?.name ?? uid, status: online ? 'online' : 'offline' };
  };
  const messageJson = (m: StoredMessage) => ({
    id: String(m.id),
    muid: m.muid,
    conversationId:
      m.receiverType === 'group' ? `group_${m.receiver}` : [m.sender, m.receiver].sort().join('_user_'),
    sender: m.sender,
    receiver: m.receiver,
    receiverType: m.receiverType,
    category: m.category,
    type: m.type,
    data: {
      ...m.data,
      entities: {
        sender: { entity: userJson(m.sender), entityType: 'user' },
        receiver:
          m.receiverType === 'group'
            ? { entity: groupJson(m.receiver, m.sender), entityType: 'group' }
            : { entity: userJson(m.receiver), entityType: 'user' },
      },
    },
    sentAt: m.sentAt,
    updatedAt: m.sentAt,
    ...(m.parentId ? { parentId: String(m.parentId) } : {}),
  });
  const groupJson = (guid: string, viewer: string) => {
    const g = groups.get(guid);
    if (!g) return { guid };
    const scope = g.members.get(viewer);
    return {
      guid,
      name: g.name,
      type: g.type,
      owner: g.owner,
      membersCount: g.members.size,
      hasJoined: scope !== undefined,
      ...(scope ? { scope } : {}),
      createdAt: now(),
    };
  };
  const push = (uid: string, frame: Record<string, unknown>) => {
    const list = inboxes.get(uid) ?? [];
    list.push(frame);
    inboxes.set(uid, list);
    for (const s of sockets) if (s.uid === uid && s.readyState === 1) s.deliver(frame);
  };
  const deliver = (m: StoredMessage) => {
    const to =
      m.receiverType === 'group' ? [...(groups.get(m.receiver)?.members.keys() ?? [])] : [m.receiver];
    for (const uid of to) {
      if (uid === m.sender) continue;
      push(uid, {
        appId,
        receiver: m.receiver,
        receiverType: m.receiverType,
        deviceId: 'fake-service',
        sender: m.sender,
        type: 'message',
        body: messageJson(m),
      });
    }
  };
  const store = (m: Omit<StoredMessage, 'id' | 'sentAt'>) => {
    nextId += 1;
    const stored = { ...m, id: nextId, sentAt: now() };
    messages.push(stored);
    deliver(stored);
    return stored;
  };

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fail = (status: number, code: string) =>
    json(status, { error: { code, message: code, details: {} } });

  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    requests.push(`${method} ${url.host}${url.pathname}${url.search}`);
    if (offline) throw new TypeError('fetch failed');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const apiHost = `${appId}.api-${region}.cometchat.io`;
    // The SDK's usage pings: accepted, nothing kept.
    if (url.host === `metrics-${region}.cometchat.io`) return json(200, { data: {} });
    const clientHost = `${appId}.apiclient-${region}.cometchat.io`;
    const extension = new RegExp(`^(polls|reactions|stickers)-${region}\\.cometchat\\.io$`).exec(url.host);
    if (extension) return extensionCall(extension[1] as string, method, url.pathname, headers, init?.body);
    if (url.host !== apiHost && url.host !== clientHost) {
      unknown.push(`${method} ${url.href}`);
      return fail(404, 'ERR_UNKNOWN_HOST');
    }
    const parts = url.pathname
      .replace(/^\/v3(\.0)?\//, '')
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const key = headers.apiKey ?? headers.apikey;
    // Admin calls with the auth key: login (auth token) and user creation.
    if (parts[0] === 'users' && parts[2] === 'auth_tokens' && method === 'POST') {
      if (key !== authKey) return fail(401, 'ERR_AUTH_KEY_INVALID');
      const uid = parts[1] as string;
      if (!users.has(uid)) return fail(404, 'ERR_UID_NOT_FOUND');
      const token = `token-${uid}-${tokens.size}`;
      tokens.set(token, uid);
      return json(200, { data: { ...userJson(uid), authToken: token } });
    }
    if (parts[0] === 'users' && parts.length === 1 && method === 'POST' && key !== undefined) {
      if (key !== authKey) return fail(401, 'ERR_AUTH_KEY_INVALID');
      if (users.has(body.uid)) return fail(400, 'ERR_UID_ALREADY_EXISTS');
      users.set(body.uid, { uid: body.uid, name: body.name });
      return json(200, { data: userJson(body.uid) });
    }
    const me = tokens.get(headers.authToken ?? '');
    if (parts[0] === 'settings') return json(200, { data: settings() });
    if (!me) return fail(401, 'AUTH_ERR_AUTH_TOKEN_NOT_FOUND');
    // The SDK's device details after login: accepted, nothing kept.
    if (parts[0] === 'user_sessions') return json(200, { data: {} });
    if (parts[0] === 'me') {
      if (method === 'DELETE') return json(200, { data: { success: true } });
      return json(200, { data: userJson(me) });
    }
    if (parts[0] === 'users' && parts.length === 2 && method === 'GET') {
      const uid = parts[1] as string;
      return users.has(uid) ? json(200, { data: userJson(uid) }) : fail(404, 'ERR_UID_NOT_FOUND');
    }
    if (parts[0] === 'messages' && parts.length === 1 && method === 'POST') {
      const text = body.data?.text ?? body.text;
      if (body.type === 'text' && (typeof text !== 'string' || !text.trim()))
        return fail(400, 'ERR_EMPTY_TEXT');
      const m = store({
        muid: body.muid ?? '',
        sender: me,
        receiver: body.receiver,
        receiverType: body.receiverType,
        category: body.category,
        type: body.type,
        data: body.data ?? {},
      });
      return json(200, { data: messageJson(m) });
    }
    if (parts[0] === 'messages' && parts.length === 2 && method === 'GET') {
      const m = messages.find((x) => String(x.id) === parts[1]);
      return m ? json(200, { data: messageJson(m) }) : fail(404, 'ERR_MSG_NOT_FOUND');
    }
    if (parts[0] === 'messages' && parts.length === 1 && method === 'GET') {
      // Missed messages: everything for the caller after an id or a time, oldest first.
      const afterId = Number(url.searchParams.get('id') ?? 0);
      const afterTime = Number(url.searchParams.get('sentAt') ?? 0);
      const mine = messages.filter(
        (m) =>
          (m.receiver === me || m.sender === me || groups.get(m.receiver)?.members.has(me)) &&
          m.id > afterId &&
          m.sentAt >= afterTime,
      );
      return json(200, {
        data: mine.map(messageJson),
        meta: { current: { limit: 100, count: mine.length } },
      });
    }
    if (parts[0] === 'groups' && parts.length === 1 && method === 'POST') {
      if (groups.has(body.guid)) return fail(400, 'ERR_GUID_ALREADY_EXISTS');
      groups.set(body.guid, {
        guid: body.guid,
        name: body.name,
        type: body.type,
        owner: me,
        members: new Map([[me, 'admin']]),
      });
      return json(200, { data: groupJson(body.guid, me) });
    }
    if (parts[0] === 'groups' && parts.length === 2 && method === 'GET') {
      const guid = parts[1] as string;
      return groups.has(guid) ? json(200, { data: groupJson(guid, me) }) : fail(404, 'ERR_GUID_NOT_FOUND');
    }
    unknown.push(`${method} ${url.pathname}${url.search}`);
    return fail(404, 'ERR_ROUTE_NOT_FOUND');
  };

  /** Seed 001 §7: polls, reactions and stickers through the service's extensions. */
  const extensionCall = (
    slug: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    raw: unknown,
  ) => {
    const me = tokens.get(headers.authToken ?? '');
    if (!me) return fail(401, 'AUTH_ERR_AUTH_TOKEN_NOT_FOUND');
    const body = raw ? JSON.parse(String(raw)) : {};
    extensionCalls.push({ slug, method, path, body });
    if (slug === 'polls' && path === '/v1/create') {
      const m = store({
        muid: '',
        sender: me,
        receiver: body.receiver,
        receiverType: body.receiverType,
        category: 'custom',
        type: 'extension_poll',
        data: { customData: { question: body.question, options: body.options } },
      });
      return json(200, { data: { success: true, message: { data: messageJson(m) } } });
    }
    if (slug === 'stickers' && path === '/v1/fetch')
      return json(200, {
        data: {
          defaultStickers: [
            {
              sticker_url: 'https://stickers.example/udang.png',
              sticker_name: 'udang',
              sticker_set_name: 'tambak',
              sticker_set_order: 1,
              sticker_order: 1,
            },
          ],
          customStickers: [],
        },
      });
    return json(200, { data: { success: true } });
  };

  const settings = () => ({
    CHAT_HOST: 'chat.fake.cometchat.io',
    CHAT_WSS_PORT: '443',
    CHAT_USE_SSL: true,
    CHAT_API_VERSION: 'v3.0',
    CLIENT_API_HOST: `${appId}.apiclient-${region}.cometchat.io`,
    ADMIN_API_HOST: `${appId}.api-${region}.cometchat.io`,
    ANALYTICS_HOST: `metrics-${region}.cometchat.io`,
    ANALYTICS_VERSION: 'v1',
    REGION: region,
    EXTENSION_DOMAIN: 'cometchat.io',
    MODE: 'DEFAULT',
    extensions: [],
  });

  class FakeSocket {
    static CONNECTING = 0;
    static OPEN = 1;
    static CLOSING = 2;
    static CLOSED = 3;
    readyState = 0;
    uid = '';
    onopen: ((e: unknown) => void) | null = null;
    onclose: ((e: unknown) => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    constructor(readonly url: string) {
      requests.push(`WS ${url}`);
      sockets.add(this);
      setTimeout(() => {
        if (offline) return this.drop();
        if (this.readyState !== 0) return;
        this.readyState = 1;
        this.onopen?.({});
      }, 1);
    }
    send(text: string): void {
      if (this.readyState !== 1) return;
      const frame = JSON.parse(text) as Record<string, unknown>;
      if (frame.type === 'auth') {
        this.uid = String(frame.sender);
        this.deliver({ type: 'auth', deviceId: 'fake-service', body: { code: '200', status: 'OK' } });
      } else if (frame.type === 'receipts') {
        receiptsSent.push(frame);
        const target = String(frame.messageSender ?? '');
        if (target && target !== this.uid) push(target, { ...frame, deviceId: 'fake-service' });
      } else if (frame.action === 'ping') {
        this.deliver({ action: 'pong' });
      }
    }
    deliver(frame: Record<string, unknown>): void {
      setTimeout(() => {
        if (this.readyState === 1) this.onmessage?.({ data: JSON.stringify(frame) });
      }, 0);
    }
    close(code = 1000): void {
      requests.push(`WS close ${code}`);
      if (this.readyState === 3) return;
      this.readyState = 3;
      sockets.delete(this);
      setTimeout(() => this.onclose?.({ code }), 0);
    }
    drop(): void {
      this.close(1006);
    }
  }

  return {
    fetch: fetchImpl,
    WebSocket: FakeSocket,
    users,
    messages,
    receiptsSent,
    unknown,
    requests,
    extensionCalls,
    addUser: (uid, name) => {
      users.set(uid, { uid, name });
    },
    inbox: (uid) => inboxes.get(uid) ?? [],
    sendAs: (from, to, text) =>
      store({
        muid: `peer-${nextId}`,
        sender: from,
        receiver: to,
        receiverType: 'user',
        category: 'message',
        type: 'text',
        data: { text },
      }).id,
    markReadAs: (reader, messageId) => {
      const m = messages.find((x) => x.id === messageId);
      if (!m) return;
      push(m.sender, {
        appId,
        receiver: m.sender,
        receiverType: 'user',
        deviceId: 'fake-service',
        sender: reader,
        messageSender: m.sender,
        type: 'receipts',
        body: { action: 'read', messageId: String(messageId), user: userJson(reader), timestamp: now() },
      });
    },
    down: () => {
      offline = true;
      for (const s of [...sockets]) s.drop();
    },
    up: () => {
      offline = false;
    },
  };
}
