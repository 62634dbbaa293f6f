import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/** Kysely queries on users; nothing else. */
export class UserRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Read on each use, never from a session: granting or taking the role counts at once. */
  async isSystemAdmin(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('is_system_admin')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.is_system_admin === true;
  }

  findById(id: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findByPhone(phone: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  async insert(
    user: Pick<UserRow, 'id' | 'username' | 'email' | 'phone' | 'password_hash'> & { language?: string },
    db: DbOrTx = this.db,
  ): Promise<UserRow> {
    return db
      .insertInto('users')
      .values({ ...user, email: user.email?.toLowerCase() ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    id: string,
    patch: Partial<
      Pick<
        UserRow,
        'username' | 'email' | 'phone' | 'city' | 'photo' | 'password_hash' | 'language' | 'email_verified_at'
      >
    >,
    db: DbOrTx = this.db,
  ): Promise<UserRow> {
    const email = patch.email === undefined ? {} : { email: patch.email?.toLowerCase() ?? null };
    return db
      .updateTable('users')
      .set({ ...patch, ...email, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
