/**
 * Chat seeding for the load scripts. Users and sessions go straight into the database
 * (signing up 2,000 people through argon2 would take minutes), but each session is made
 * exactly as SessionService.create makes it: a random token whose SHA-256 is stored, so
 * the server accepts the token like any other. Groups go through the chat REST API.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../src/server/db/database.ts';
import { SESSION_DAYS } from '../../src/server/modules/account/session.service.ts';
import { newSessionToken } from '../../src/server/security/tokens.ts';
import { json } from './harness.ts';

export interface ChatLoadUser {
  id: string;
  token: string;
}

/** `n` users, each with one live session. */
export async function insertUsers(db: Db, n: number, prefix: string): Promise<ChatLoadUser[]> {
  const users: ChatLoadUser[] = [];
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  for (let start = 0; start < n; start += 500) {
    const chunk = Array.from({ length: Math.min(500, n - start) }, (_, i) => ({
      id: uuidv7(),
      name: `${prefix} ${start + i + 1}`,
      ...newSessionToken(),
    }));
    await db
      .insertInto('users')
      .values(
        chunk.map((u) => ({
          id: u.id,
          username: u.name,
          email: `${u.id}@load.example.com`,
          phone: null,
          password_hash: null,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        chunk.map((u) => ({
          id: uuidv7(),
          user_id: u.id,
          token_hash: u.hash,
          expires_at: expires,
          user_agent: 'load',
        })),
      )
      .execute();
    users.push(...chunk.map((u) => ({ id: u.id, token: u.token })));
  }
  await shareOneFarm(db, users, prefix);
  return users;
}

/** Chat stays inside farms (src/server/chat/contacts.ts): the users of one load run share a farm. */
async function shareOneFarm(db: Db, users: ChatLoadUser[], prefix: string): Promise<void> {
  const [first] = users;
  if (!first) return;
  const farmId = uuidv7();
  await db
    .insertInto('farms')
    .values({ id: farmId, name: `${prefix} farm`, created_by: first.id })
    .execute();
  for (let start = 0; start < users.length; start += 500) {
    await db
      .insertInto('user_farms')
      .values(
        users.slice(start, start + 500).map((u) => ({
          id: uuidv7(),
          farm_id: farmId,
          user_id: u.id,
          role_id: u === first ? 1 : 2,
        })),
      )
      .execute();
  }
}

/** A private group created by `members[0]` with the others added, through the REST API. */
export async function createGroup(base: string, name: string, members: ChatLoadUser[]): Promise<string> {
  const [owner, ...rest] = members;
  const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
  const created = await json<{ data: { guid: string } }>(
    await fetch(`${base}/api/chat/groups`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, type: 'private' }),
    }),
    'create group',
  );
  const guid = created.data.guid;
  if (rest.length) {
    const added = await json<{ data: Record<string, string> }>(
      await fetch(`${base}/api/chat/groups/${encodeURIComponent(guid)}/members`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ uids: rest.map((u) => u.id) }),
      }),
      'add members',
    );
    const refused = Object.entries(added.data).filter(([, r]) => r !== 'success');
    if (refused.length) throw new Error(`members refused: ${JSON.stringify(refused.slice(0, 3))}`);
  }
  return guid;
}
