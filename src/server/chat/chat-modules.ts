import type { Db } from '../db/database.ts';
import type { PgListener } from '../db/pg-listener.ts';
import type { SystemAdmins } from '../modules/farm/public.ts';
import { ChatAccess } from './access.ts';
import { CallRepository } from './call.repository.ts';
import { CallService, type CallSettings } from './call.service.ts';
import { ChatService } from './chat.service.ts';
import { ChatUserRepository } from './chat-user.repository.ts';
import { ConversationRepository } from './conversation.repository.ts';
import { ChatEvents } from './events.ts';
import { FarmGroupSync } from './farm-group-sync.ts';
import { GroupRepository } from './group.repository.ts';
import { GroupService } from './group.service.ts';
import type { HostedChatRest } from './hosted-chat-rest.ts';
import { ChatHub } from './hub.ts';
import { LinkPreviews } from './link-preview.ts';
import { LiveService } from './live.ts';
import { MessageRepository } from './message.repository.ts';
import { MessageService } from './message.service.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';

/** The chat engine of one instance, built once in createContext as `ctx.chat`. */
export function createChatModules({
  db,
  listener,
  admins,
  log,
  sync = { excludeUserIds: [], farmIds: [] },
  calls = { ringTimeoutSeconds: 45, iceServers: [] },
  hosted = null,
  linkPreviewFetch = {},
}: {
  db: Db;
  /** The instance's LISTEN connection: chat events cross instances through it. */
  listener: PgListener;
  /** Who may run the full farm group sync. */
  admins: SystemAdmins;
  log: (line: string) => void;
  /** Farm chat group selection (CHAT_SYNC_EXCLUDE_USER_IDS, CHAT_SYNC_FARM_IDS). */
  sync?: { excludeUserIds: string[]; farmIds: string[] };
  /** Calls: ring timeout and ICE servers (CALL_RING_TIMEOUT_SECONDS, ICE_SERVERS…). */
  calls?: CallSettings;
  /** Hosted chat mode: farm groups and their users are mirrored to the hosted service. */
  hosted?: HostedChatRest | null;
  /** The link previews' safe fetch (tests widen the addresses to reach a local page). */
  linkPreviewFetch?: SafeFetchOptions;
}) {
  const users = new ChatUserRepository(db);
  const groups = new GroupRepository(db);
  const messages = new MessageRepository(db);
  const hub = new ChatHub();
  const events = new ChatEvents(db, hub, listener, log);
  const access = new ChatAccess({ users, groups, messages });
  const live = new LiveService({ users, access, events, hub });
  const messageService = new MessageService({ messages, users, access, events });
  const conversations = new ConversationRepository(db);
  const groupService = new GroupService({ groups, users, messages, access, events });
  const farmSync = new FarmGroupSync({
    groups,
    users,
    groupService,
    events,
    admins,
    ...sync,
    log,
    hosted,
  });
  return {
    hub,
    events,
    access,
    repos: { users, groups, messages },
    messages: messageService,
    service: new ChatService({ users, conversations, messages, access, messageService, events }),
    presence: live,
    live,
    groups: groupService,
    farmSync,
    calls: new CallService({ calls: new CallRepository(db), messages, users, access, events, log }, calls),
    linkPreviews: new LinkPreviews(linkPreviewFetch),
  };
}

export type ChatModules = ReturnType<typeof createChatModules>;
