/** Polls a condition until it holds (never a fixed sleep as synchronisation); throws after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Like waitFor, but answers whether the condition held instead of throwing. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> {
  try {
    await waitFor(condition, timeoutMs, '');
    return true;
  } catch {
    return false;
  }
}
