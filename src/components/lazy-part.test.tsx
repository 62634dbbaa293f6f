// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeatureBoundary } from './feature-boundary.tsx';
import { lazyPart, QuietBoundary } from './lazy-part.tsx';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

function Part({ label }: { label: string }) {
  return <p>{label}</p>;
}

/** A loader that fails while there is no signal, then brings the part. */
function signalLoader() {
  const signal = { on: false };
  const load = vi.fn(async () => {
    if (!signal.on) throw new TypeError('Failed to fetch dynamically imported module: /assets/part.js');
    return { default: Part };
  });
  return { load, signal };
}

describe('lazyPart', () => {
  afterEach(cleanup);

  it('loads again when its boundary retries after a failed load', async () => {
    const { load, signal } = signalLoader();
    const Lazy = lazyPart(load);
    render(
      <FeatureBoundary>
        <Suspense fallback={<span>loading</span>}>
          <Lazy label="chart" />
        </Suspense>
      </FeatureBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'actions.retry' });
    const failedLoads = load.mock.calls.length;
    signal.on = true;
    fireEvent.click(retry);
    expect(await screen.findByText('chart')).toBeTruthy();
    expect(load.mock.calls.length).toBe(failedLoads + 1);
  });
});

describe('QuietBoundary', () => {
  afterEach(cleanup);

  it('shows nothing while its part cannot load, keeps the screen, and loads it when the signal is back', async () => {
    const { load, signal } = signalLoader();
    const Lazy = lazyPart(load);
    render(
      <>
        <h1>screen</h1>
        <QuietBoundary>
          <Suspense fallback={null}>
            <Lazy label="call host" />
          </Suspense>
        </QuietBoundary>
      </>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'screen' })).toBeTruthy();
    expect(screen.queryByText('call host')).toBeNull();
    signal.on = true;
    await act(async () => {
      dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('call host')).toBeTruthy();
  });
});
