import type { ProbeEpisode } from '#shared/domain/probe-alerts';
import type { DbOrTx } from '../../db/database.ts';

export interface ProbeAlertRow {
  id: string;
  parameter: string;
  direction: 'low' | 'high';
  limit: number;
  worst: number;
  started_at: Date;
  raised_at: Date | null;
  cleared_at: Date | null;
  last_at: Date;
}

/** What an episode answers: the same for the open one and a pond's history. */
const ALERT_COLUMNS = [
  'id',
  'parameter',
  'direction',
  'limit',
  'worst',
  'started_at',
  'raised_at',
  'cleared_at',
  'last_at',
] as const;

/** Probe alert episodes (migration 0037): at most one open (not cleared) per pond and parameter. */
export class ProbeAlertRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The pond's open episodes, one per parameter at most. */
  openOfPond(pondId: string): Promise<ProbeAlertRow[]> {
    return this.db
      .selectFrom('probe_alerts')
      .select(ALERT_COLUMNS)
      .where('pond_id', '=', pondId)
      .where('cleared_at', 'is', null)
      .execute();
  }

  async insert(row: { id: string; farm_id: string; pond_id: string; parameter: string }, e: ProbeEpisode) {
    await this.db
      .insertInto('probe_alerts')
      .values({
        ...row,
        direction: e.direction,
        limit: e.limit,
        worst: e.worst,
        started_at: e.startedAt,
        raised_at: e.raisedAt,
        last_at: e.lastAt,
      })
      .execute();
  }

  async update(id: string, e: ProbeEpisode): Promise<void> {
    await this.db
      .updateTable('probe_alerts')
      .set({ worst: e.worst, raised_at: e.raisedAt, last_at: e.lastAt })
      .where('id', '=', id)
      .execute();
  }

  /** A raised episode that recovered is kept (the pond's history); a pending one is dropped. */
  async close(id: string, raised: boolean, at: Date): Promise<void> {
    if (raised)
      await this.db
        .updateTable('probe_alerts')
        .set({ cleared_at: at, last_at: at })
        .where('id', '=', id)
        .execute();
    else await this.db.deleteFrom('probe_alerts').where('id', '=', id).execute();
  }

  /** A pond's episodes that overlap a range, and any still open. */
  ofPond(pondId: string, from: Date): Promise<ProbeAlertRow[]> {
    return this.db
      .selectFrom('probe_alerts')
      .select(ALERT_COLUMNS)
      .where('pond_id', '=', pondId)
      .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('cleared_at', '>=', from)]))
      .orderBy('started_at', 'desc')
      .limit(100)
      .execute();
  }
}
