import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSyncStatusForTests, setSyncStatus, syncRunSettled } from '#local/sync/status';

afterEach(() => {
  resetSyncStatusForTests();
  vi.useRealTimers();
});

describe('syncRunSettled', () => {
  it('resolves when the run under way finishes', async () => {
    setSyncStatus({ running: true });
    let settled = false;
    const waiting = syncRunSettled(60_000).then(() => {
      settled = true;
    });
    setSyncStatus({ online: false });
    await Promise.resolve();
    expect(settled).toBe(false);
    setSyncStatus({ running: false });
    await waiting;
    expect(settled).toBe(true);
  });

  it('resolves when the next run starts and finishes', async () => {
    const waiting = syncRunSettled(60_000);
    setSyncStatus({ running: true });
    setSyncStatus({ running: false });
    await expect(waiting).resolves.toBeUndefined();
  });

  it('gives up waiting after the timeout', async () => {
    vi.useFakeTimers();
    const waiting = syncRunSettled(4000);
    vi.advanceTimersByTime(4000);
    await expect(waiting).resolves.toBeUndefined();
  });
});
