// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markFirstScreen } from '#components/first-screen.ts';
import { clientFarm } from '#test/helpers/client-farm';
import { useDaySettings } from './today-data.ts';

const reads: string[] = [];
vi.mock('#local/api-client', async (original) => {
  const actual = await original<typeof import('#local/api-client')>();
  return {
    ...actual,
    api: {
      get: async (path: string, query: { farm_id: string }) => {
        reads.push(`${path} ${query.farm_id}`);
        return { feedings_per_day: 2, sampling_every_days: 10 };
      },
    },
  };
});

afterEach(() => {
  cleanup();
  reads.length = 0;
  localStorage.clear();
});

describe('useDaySettings', () => {
  it('draws the day from the kept settings, reads the programme once the first screen is up, and not again for an equal farm record', async () => {
    localStorage.setItem('tambak:day-settings:f1', JSON.stringify({ feedingsPerDay: 3, samplingEvery: 7 }));
    const { result, rerender } = renderHook(({ farm }) => useDaySettings(farm), {
      initialProps: { farm: clientFarm('f1', 'Tambak Lama') },
    });
    expect(result.current).toEqual({ feedingsPerDay: 3, samplingEvery: 7 });
    // The farm as last opened, then the local copy's equal record.
    rerender({ farm: clientFarm('f1', 'Tambak Lama') });
    await act(async () => {}); // effects and promises settled
    expect(reads).toEqual([]);
    markFirstScreen();
    await waitFor(() => expect(result.current).toEqual({ feedingsPerDay: 2, samplingEvery: 10 }));
    rerender({ farm: clientFarm('f1', 'Tambak Baru') });
    await act(async () => {}); // effects and promises settled
    expect(reads).toEqual(['/feedIdxSetting f1']);
  });
});
