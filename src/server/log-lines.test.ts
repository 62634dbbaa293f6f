import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#test/helpers/test-app';

/** Everything the process writes to stdout, whichever way a logger reaches it. */
function captureStdout(): { text: () => string } {
  const chunks: string[] = [];
  const keep = (fd: unknown, data: unknown) => {
    if (fd === 1) chunks.push(String(data));
  };
  const write = fs.write;
  const writeSync = fs.writeSync;
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (write as (...a: unknown[]) => void)(fd, data, ...rest);
  }) as typeof fs.write);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync);
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((data: unknown, ...rest: unknown[]) => {
    chunks.push(String(data));
    return (stdoutWrite as (...a: unknown[]) => boolean)(data, ...rest);
  }) as typeof process.stdout.write);
  return { text: () => chunks.join('') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('server log (issue 12 point 12)', () => {
  it('writes no line per request at info level, and plain text rather than JSON', async () => {
    const out = captureStdout();
    const app = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      app.log.info('a step worth a line');
      await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      await app.close();
    }
    const text = out.text();
    expect(text).not.toMatch(/incoming request|request completed/);
    expect(text).toContain('a step worth a line\n');
    expect(text).not.toMatch(/"level":/);
  });

  it('logs every request at debug level', async () => {
    const out = captureStdout();
    const app = await createTestApp({ LOG_LEVEL: 'debug' });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
    } finally {
      await app.close();
    }
    expect(out.text()).toMatch(/incoming request/);
  });
});
