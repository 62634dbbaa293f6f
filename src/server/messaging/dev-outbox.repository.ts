import type { DevOutboxEntry } from '#shared/contracts/account';
import { normalizePhone } from '#shared/domain/phone';
import type { Db } from '../db/database.ts';

export class DevOutboxRepository {
  constructor(private readonly db: Db) {}

  async list(to?: string): Promise<DevOutboxEntry[]> {
    let q = this.db.selectFrom('dev_outbox').selectAll().orderBy('created_at', 'desc').limit(50);
    if (to) {
      const recipient = to.includes('@') ? to.toLowerCase() : (normalizePhone(to) ?? to);
      q = q.where('recipient', '=', recipient);
    }
    const rows = await q.execute();
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }
}
