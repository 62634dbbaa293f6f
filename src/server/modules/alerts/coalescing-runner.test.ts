import { describe, expect, it } from 'vitest';
import { CoalescingRunner } from './coalescing-runner.ts';

/** A runner whose jobs finish only when the test says so. */
function gated(maxItems?: number) {
  const jobs: { key: string; items: number[]; finish: (fail?: boolean) => void }[] = [];
  const runner = new CoalescingRunner<number>(
    (key, items) =>
      new Promise<void>((resolve, reject) => {
        jobs.push({ key, items, finish: (fail) => (fail ? reject(new Error('boom')) : resolve()) });
      }),
    maxItems,
  );
  return { runner, jobs };
}

describe('CoalescingRunner', () => {
  it('starts an idle key at once, and sends what arrived meanwhile as one job', async () => {
    const { runner, jobs } = gated();
    runner.add('farm-a', [1]);
    expect(jobs.map((j) => j.items)).toEqual([[1]]);
    runner.add('farm-a', [2]);
    runner.add('farm-a', [3, 4]);
    expect(jobs).toHaveLength(1);
    jobs[0].finish();
    await new Promise((r) => setImmediate(r));
    expect(jobs.map((j) => j.items)).toEqual([[1], [2, 3, 4]]);
    jobs[1].finish();
    await runner.idle();
    runner.add('farm-a', [5]);
    expect(jobs.map((j) => j.items)).toEqual([[1], [2, 3, 4], [5]]);
    jobs[2].finish();
    await runner.idle();
  });

  it('gives a job at most its limit of items, in the order they came, and runs the rest next', async () => {
    const { runner, jobs } = gated(3);
    runner.add('farm-a', [1, 2, 3, 4, 5]);
    runner.add('farm-a', [6, 7]);
    expect(jobs.map((j) => j.items)).toEqual([[1, 2, 3]]);
    jobs[0].finish();
    await new Promise((r) => setImmediate(r));
    expect(jobs.map((j) => j.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    jobs[1].finish();
    await new Promise((r) => setImmediate(r));
    jobs[2].finish();
    await runner.idle();
    expect(jobs.map((j) => j.items)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('runs different keys side by side', () => {
    const { runner, jobs } = gated();
    runner.add('farm-a', [1]);
    runner.add('farm-b', [2]);
    expect(jobs.map((j) => `${j.key}:${j.items}`)).toEqual(['farm-a:1', 'farm-b:2']);
  });

  it('goes on after a job that failed, and idle waits for the waiting job', async () => {
    const { runner, jobs } = gated();
    runner.add('farm-a', [1]);
    runner.add('farm-a', [2]);
    let idle = false;
    const waiting = runner.idle().then(() => {
      idle = true;
    });
    jobs[0].finish(true);
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(false);
    expect(jobs.map((j) => j.items)).toEqual([[1], [2]]);
    jobs[1].finish();
    await waiting;
    expect(idle).toBe(true);
  });

  it('ignores an empty add', () => {
    const { runner, jobs } = gated();
    runner.add('farm-a', []);
    expect(jobs).toHaveLength(0);
  });
});
