import type { Db } from '../db/database.ts';
import { ChatAccess } from './access.ts';
import { ChatService } from './chat.service.ts';
import { ChatUserRepository } from './chat-user.repository.ts';
import { ConversationRepository } from './conversation.repository.ts';
import { ChatEvents } from './events.ts';
import { FarmGroupSync } from './farm-group-sync.ts';
import { GroupRepository } from './group.repository.ts';
import { GroupService } from './group.service.ts';
import { ChatHub } from './hub.ts';
import { LiveService } from './live.ts';
import { MessageRepository } from './message.repository.ts';
import { MessageService } from './message.service.ts';

/** The chat engine of one instance, built once in createContext as `ctx.chat`. */
export function createChatModules({
  db,
  log,
  sync = { excludeUserIds: [], farmIds: [] },
}: {
  db: Db;
  log: (line: string) => void;
  /** Farm chat group selection (CHAT_SYNC_EXCLUDE_USER_IDS, CHAT_SYNC_FARM_IDS). */
  sync?: { excludeUserIds: string[]; farmIds: string[] };
}) {
  const users = new ChatUserRepository(db);
  const groups = new GroupRepository(db);
  const messages = new MessageRepository(db);
  const hub = new ChatHub();
  const events = new ChatEvents(db, hub, log);
  const access = new ChatAccess({ users, groups, messages });
  const live = new LiveService({ users, access, events, hub });
  const messageService = new MessageService({ messages, users, access, events });
  const conversations = new ConversationRepository(db);
  const groupService = new GroupService({ groups, users, messages, access, events });
  const farmSync = new FarmGroupSync({ groups, users, groupService, events, ...sync, log });
  return {
    hub,
    events,
    access,
    repos: { users, groups, messages },
    messages: messageService,
    service: new ChatService({ users, conversations, messages, access, messageService }),
    presence: live,
    live,
    groups: groupService,
    farmSync,
  };
}

export type ChatModules = ReturnType<typeof createChatModules>;
