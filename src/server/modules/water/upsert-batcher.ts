/** One caller's share of a batched write: its rows' ids and the ids of those it may overwrite. */
export interface BatchJob<Row extends { id: string }> {
  rows: Row[];
  /** Ids of `rows` whose existing copy the caller may overwrite (not only its own). */
  overwritable: string[];
}

/** Writes the rows of several jobs in one statement; answers the ids written. */
export type BatchWrite<Row extends { id: string }> = (
  rows: Row[],
  overwritable: string[],
) => Promise<Set<string>>;

interface Waiting<Row extends { id: string }> extends BatchJob<Row> {
  resolve: (written: Set<string>) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for bulk writes (issue 32, ADR 0108): the writes that arrive while
 * `maxInFlight` statements are running wait and then go together, as one statement and
 * one commit, instead of one each. Nothing waits for a timer: with a statement slot free,
 * a write goes at once, alone, as before. A batch never holds one id twice (ON CONFLICT
 * cannot touch a row twice in a statement); a job whose id is already in the batch waits
 * for the next one. When a batch of several jobs fails, each job is written again on its
 * own, so one job's bad row fails only that job.
 */
export class UpsertBatcher<Row extends { id: string }> {
  private readonly waiting: Waiting<Row>[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: BatchWrite<Row>,
    private readonly maxInFlight: number,
    private readonly maxRows: number,
  ) {}

  submit(job: BatchJob<Row>): Promise<Set<string>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...job, resolve, reject });
      if (this.inFlight < this.maxInFlight) void this.flush();
    });
  }

  private take(): Waiting<Row>[] {
    const batch: Waiting<Row>[] = [];
    const ids = new Set<string>();
    let rows = 0;
    for (let i = 0; i < this.waiting.length; ) {
      const job = this.waiting[i];
      const fits = batch.length === 0 || rows + job.rows.length <= this.maxRows;
      if (!fits) break;
      if (job.rows.some((r) => ids.has(r.id))) {
        i++;
        continue;
      }
      for (const r of job.rows) ids.add(r.id);
      rows += job.rows.length;
      batch.push(job);
      this.waiting.splice(i, 1);
    }
    return batch;
  }

  private async flush(): Promise<void> {
    const batch = this.take();
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      if (batch.length === 1) await this.alone(batch[0]);
      else await this.together(batch);
    } finally {
      this.inFlight--;
      if (this.waiting.length > 0) void this.flush();
    }
  }

  private async together(batch: Waiting<Row>[]): Promise<void> {
    let written: Set<string>;
    try {
      written = await this.write(
        batch.flatMap((j) => j.rows),
        batch.flatMap((j) => j.overwritable),
      );
    } catch {
      for (const job of batch) await this.alone(job);
      return;
    }
    for (const job of batch) job.resolve(new Set(job.rows.filter((r) => written.has(r.id)).map((r) => r.id)));
  }

  private async alone(job: Waiting<Row>): Promise<void> {
    try {
      job.resolve(await this.write(job.rows, job.overwritable));
    } catch (error) {
      job.reject(error);
    }
  }
}
