// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '#local/api-client';
import { useOnlineRead } from './use-online-read.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const noNetwork = () => new ApiError(0, 'network', 'Failed to fetch');

describe('useOnlineRead', () => {
  it('reads again after 1 s, then 2 s, when the network fails while the browser says online', async () => {
    vi.useFakeTimers();
    const get = vi
      .spyOn(api, 'get')
      .mockRejectedValueOnce(noNetwork())
      .mockRejectedValueOnce(noNetwork())
      .mockResolvedValueOnce([{ pond_id: 'p1' }]);
    const { result } = renderHook(() => useOnlineRead('/chart/water', { ponds: 'p1' }));
    await act(async () => {});
    expect(result.current.offline).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(get).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(get).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(get).toHaveBeenCalledTimes(3);
    expect(result.current.data).toEqual([{ pond_id: 'p1' }]);
    expect(result.current.offline).toBe(false);
  });

  it('does not retry a refusal (a bad range is the user’s to fix)', async () => {
    vi.useFakeTimers();
    const get = vi.spyOn(api, 'get').mockRejectedValue(new ApiError(400, 'validation-failed', 'bad'));
    const { result } = renderHook(() => useOnlineRead('/chart/water', { ponds: 'p1' }));
    await act(async () => {});
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(get).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.offline).toBe(false);
  });
});
