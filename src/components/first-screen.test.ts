import { describe, expect, it } from 'vitest';
import { afterFirstScreen, markFirstScreen } from './first-screen.ts';

describe('afterFirstScreen', () => {
  it('waits until the shell marks the first screen', async () => {
    let done = false;
    const waiting = afterFirstScreen().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    markFirstScreen();
    await waiting;
    expect(done).toBe(true);
    // Later callers go through at once.
    await afterFirstScreen();
  });
});
