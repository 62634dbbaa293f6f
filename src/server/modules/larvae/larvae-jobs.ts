import type { Db } from '../../db/database.ts';
import { IdJobQueue } from '../../db/job-boss.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { loadSharp } from '../../storage/lazy-sharp.ts';
import type { LarvaeRepository } from './larvae.repository.ts';
import type { LarvaeCounter } from './larvae-counter.ts';

const QUEUE = 'larvae-count';
const RETRIES = 2;
/** Pixels decoded at most (the upload route refuses more). */
export const MAX_PIXELS = 50_000_000;

/**
 * Counting jobs in PostgreSQL (pg-boss over the app's own pool): a request only queues
 * a row and a job; the worker here decodes the photo with sharp (off the event loop),
 * counts it in the counting thread, and stores the result with the photo. Started by the
 * first count (or at start when counts wait), stopped with the app (app.ts). A job that fails unexpectedly is retried twice by
 * pg-boss; a photo the engine rejects (too dark, no larvae, …) is a finished job.
 */
export class LarvaeJobs {
  private readonly queue: IdJobQueue;

  constructor(
    private readonly deps: {
      db: Db;
      repo: LarvaeRepository;
      store: FileStore;
      counter: LarvaeCounter;
      log: (line: string) => void;
    },
  ) {
    this.queue = new IdJobQueue({
      db: deps.db,
      queue: QUEUE,
      retries: RETRIES,
      expireInSeconds: 300,
      log: deps.log,
      run: (id) => this.run(id),
      giveUp: (id) => deps.repo.finish(id, { problem: 'count-failed', width: null, height: null }),
    });
  }

  start(): Promise<void> {
    return this.queue.start();
  }

  /** Starts the queue only when jobs wait in it (IdJobQueue.startIfPending). */
  startIfPending(): Promise<boolean> {
    return this.queue.startIfPending();
  }

  /** Whether pg-boss runs for this queue. */
  get started(): boolean {
    return this.queue.started;
  }

  enqueue(id: string): Promise<void> {
    return this.queue.enqueue(id);
  }

  async stop(): Promise<void> {
    await this.queue.stop();
    await this.deps.counter.close();
  }

  /** One job: decode, count, store. */
  private async run(id: string): Promise<void> {
    const { repo, store, counter } = this.deps;
    const row = await repo.find(id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await repo.progress(id, 10);
    let raw: { data: Buffer; info: { width: number; height: number } };
    try {
      const bytes = await readAll(store.read(row.upload_id));
      raw = await (await loadSharp())(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      await repo.finish(id, { problem: 'image-unreadable', width: null, height: null });
      return;
    }
    await repo.progress(id, 40);
    const { width, height } = raw.info;
    const rgba = new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength);
    const result = await counter.count(rgba.slice(), width, height, row.hatch_color);
    if (!result.ok) {
      await repo.finish(id, { problem: result.problem, width, height });
      return;
    }
    await repo.finish(id, {
      count: result.count,
      lower: result.lower,
      upper: result.upper,
      marks: result.marks.map((m) => [Math.round(m.x), Math.round(m.y)] as [number, number]),
      width,
      height,
    });
  }
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
