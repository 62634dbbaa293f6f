import { Worker } from 'node:worker_threads';
import type { HatchColor, LarvaeResult } from '#shared/larvae/types';
import type { CountReply } from './count-thread.ts';

/**
 * One worker thread running the counting engine, started on the first photo and kept
 * (OpenCV loads once). Photos are counted one at a time, in order; `close` ends it.
 * From source (tsx, vitest) the thread is the .ts file under tsx; in the built server it
 * is `larvae-count-thread.js` beside main.js (scripts/build-server.mjs).
 */
export class LarvaeCounter {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: LarvaeResult) => void; reject: (e: Error) => void }
  >();

  private thread(): Worker {
    if (this.worker) return this.worker;
    const fromSource = import.meta.url.endsWith('.ts');
    // From source the thread registers tsx itself (a worker does not take `--import`).
    const source = new URL('./count-thread.ts', import.meta.url).href;
    const worker = fromSource
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
          { eval: true },
        )
      : new Worker(new URL('./larvae-count-thread.js', import.meta.url));
    worker.on('message', (reply: CountReply) => {
      const wait = this.waiting.get(reply.seq);
      if (!wait) return;
      this.waiting.delete(reply.seq);
      if ('result' in reply) wait.resolve(reply.result);
      else wait.reject(new Error(reply.error));
    });
    const failAll = (error: Error) => {
      for (const wait of this.waiting.values()) wait.reject(error);
      this.waiting.clear();
      this.worker = null;
    };
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('larvae count thread stopped')));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  count(rgba: Uint8Array, width: number, height: number, hatchColor: HatchColor): Promise<LarvaeResult> {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.thread().postMessage({ seq, rgba, width, height, hatchColor }, [rgba.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
