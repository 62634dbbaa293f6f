// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#local/api-client';
import { useReportHistory } from './reports-data.ts';

const FARM = '01930000-0000-7000-8000-0000000000f1';
const job = { id: 'r1', status: 'done', pond_ids: ['p1'], pond_names: ['A1'], progress: 100 };

describe('the report history without a connection', () => {
  const fetchSpy = vi.fn();
  beforeEach(() => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.unstubAllGlobals();
    fetchSpy.mockReset();
    localStorage.clear();
  });

  it('with no copy kept, answers a network error at once (the screen says it needs signal), asking nothing', async () => {
    const { result } = renderHook(() => useReportHistory(FARM));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect((result.current.error as ApiError).code).toBe('network');
    expect(result.current.items).toBeUndefined();
    expect(result.current.stale).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('with a copy kept, shows it as the stored list', async () => {
    localStorage.setItem(`tambak:report-history:${FARM}`, JSON.stringify([job]));
    const { result } = renderHook(() => useReportHistory(FARM));
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    expect(result.current.stale).toBe(true);
  });
});
