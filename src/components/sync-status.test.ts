import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setSyncStatus } from '#local/sync/status';
import { reachesServer } from './sync-status.ts';

afterEach(() => setSyncStatus({ online: true }));

describe('reachesServer', () => {
  it("follows the sync engine's view, not navigator.onLine (one bar of signal says online)", () => {
    setSyncStatus({ online: false });
    expect(reachesServer()).toBe(false);
    setSyncStatus({ online: true });
    expect(reachesServer()).toBe(true);
  });
});

describe('every save message of the app', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) ? [path] : [];
    });

  it('says "saved" or "on the phone, waiting for signal" from reachesServer(), never navigator.onLine', () => {
    const offenders = ['src/features', 'src/components', 'src/app']
      .flatMap((dir) => files(dir))
      .filter((path) => /\bt\(\s*navigator\.onLine\s*\?/.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
