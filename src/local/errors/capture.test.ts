// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { type Caught, captureError, installErrorCapture } from './capture.ts';

describe('error capture at start-up', () => {
  it('keeps what it caught until the reporter loads, then hands it over with the route pattern', async () => {
    const got: Caught[] = [];
    let load: (sink: (c: Caught) => void) => void = () => undefined;
    installErrorCapture({
      route: () => '/farm/$farm_id',
      load: () => new Promise((resolve) => (load = resolve)),
    });
    captureError(new Error('early'), 'chunk');
    dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught') }));
    expect(got).toHaveLength(0);
    load((c) => got.push(c));
    await Promise.resolve();
    await Promise.resolve();
    expect(got.map((c) => [c.kind, (c.error as Error).message, c.route])).toEqual([
      ['chunk', 'early', '/farm/$farm_id'],
      ['error', 'uncaught', '/farm/$farm_id'],
    ]);
    captureError('later', 'sync');
    expect(got.at(-1)).toMatchObject({ kind: 'sync', error: 'later' });
  });
});
