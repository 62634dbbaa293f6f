import { type Kysely, sql } from 'kysely';

/**
 * The self-hosted chat engine (src/server/chat/README.md). Message ids are UUIDv7 made
 * by the server, so ordering by id is ordering by send time; `(sender, client_id)` is
 * unique so a resend after a lost ack stores nothing new. `chat_events` is the fan-out
 * log: NOTIFY carries only its id, and a reconnecting client catches up from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE chat_users (
      uid uuid PRIMARY KEY REFERENCES users(id),
      name text NOT NULL,
      avatar text,
      last_active_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE chat_presence (
      uid uuid NOT NULL REFERENCES chat_users(uid),
      instance_id text NOT NULL,
      connected_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (uid, instance_id)
    );
    CREATE TABLE chat_groups (
      guid text PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('public', 'private', 'password')),
      password_hash text,
      icon text,
      owner uuid NOT NULL REFERENCES chat_users(uid),
      farm_id uuid REFERENCES farms(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX chat_groups_farm ON chat_groups (farm_id) WHERE farm_id IS NOT NULL;
    CREATE TABLE chat_group_members (
      guid text NOT NULL REFERENCES chat_groups(guid) ON DELETE CASCADE,
      uid uuid NOT NULL REFERENCES chat_users(uid),
      scope text NOT NULL CHECK (scope IN ('admin', 'moderator', 'participant')),
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (guid, uid)
    );
    CREATE INDEX chat_group_members_uid ON chat_group_members (uid);
    CREATE TABLE chat_group_bans (
      guid text NOT NULL REFERENCES chat_groups(guid) ON DELETE CASCADE,
      uid uuid NOT NULL REFERENCES chat_users(uid),
      scope text NOT NULL,
      banned_by uuid NOT NULL,
      banned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (guid, uid)
    );
    CREATE TABLE chat_blocks (
      blocker uuid NOT NULL REFERENCES chat_users(uid),
      blocked uuid NOT NULL REFERENCES chat_users(uid),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker, blocked)
    );
    CREATE TABLE chat_messages (
      id uuid PRIMARY KEY,
      client_id text NOT NULL,
      conversation_id text NOT NULL,
      sender uuid NOT NULL REFERENCES chat_users(uid),
      receiver_type text NOT NULL CHECK (receiver_type IN ('user', 'group')),
      receiver_id text NOT NULL,
      category text NOT NULL,
      type text NOT NULL,
      text text,
      data jsonb NOT NULL DEFAULT '{}',
      parent_id uuid REFERENCES chat_messages(id),
      reply_count integer NOT NULL DEFAULT 0,
      sent_at timestamptz NOT NULL DEFAULT now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      UNIQUE (sender, client_id)
    );
    CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id DESC);
    CREATE INDEX chat_messages_parent ON chat_messages (parent_id, id) WHERE parent_id IS NOT NULL;
    CREATE TABLE chat_receipts (
      message_id uuid NOT NULL REFERENCES chat_messages(id),
      uid uuid NOT NULL,
      delivered_at timestamptz,
      read_at timestamptz,
      PRIMARY KEY (message_id, uid)
    );
    CREATE TABLE chat_reactions (
      message_id uuid NOT NULL REFERENCES chat_messages(id),
      uid uuid NOT NULL,
      emoji text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, uid, emoji)
    );
    CREATE TABLE chat_poll_votes (
      message_id uuid NOT NULL REFERENCES chat_messages(id),
      uid uuid NOT NULL,
      option integer NOT NULL,
      voted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, uid)
    );
    CREATE TABLE chat_conversations (
      owner uuid NOT NULL REFERENCES chat_users(uid),
      conversation_id text NOT NULL,
      conversation_type text NOT NULL CHECK (conversation_type IN ('user', 'group')),
      conversation_with text NOT NULL,
      unread_count integer NOT NULL DEFAULT 0,
      last_message_id uuid REFERENCES chat_messages(id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner, conversation_id)
    );
    CREATE INDEX chat_conversations_recent ON chat_conversations (owner, updated_at DESC);
    CREATE TABLE chat_events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      recipients uuid[] NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX chat_events_recipients ON chat_events USING gin (recipients);
  `.execute(db);
}
