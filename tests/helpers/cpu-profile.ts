/**
 * A CPU profile of a bench's measured part through the DevTools protocol, for finding what
 * makes an interaction slow: the profile is written to a file (open it in DevTools) and the
 * functions with the most self time are printed. Build with `--minify false` for names.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Stops the profile, writes it to `file` and prints the 30 functions with the most self time. */
export async function stopProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  writeFileSync(file, JSON.stringify(profile));
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (const [i, id] of profile.samples.entries()) {
    const frame = nodeById.get(id)?.callFrame;
    if (!frame) continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`profile: ${total.toFixed(0)} ms sampled, written to ${file}`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}
