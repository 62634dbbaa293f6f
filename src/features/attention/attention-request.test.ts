import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSyncStatus } from '#local/sync/status';
import { forgetBoardRequests, prefetchBoard, requestBoard } from './attention-request.ts';

const FARM = '11111111-1111-4111-8111-111111111111';
const board = { generated_at: '2026-11-29T00:00:00Z', items: [], checked: ['water'] };

/** The network: every GET /api/attention answers a board, each call counted. */
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  forgetBoardRequests();
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify({ message: 'ok', data: { ...board, n: asked.length } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSyncStatus({ summary: null });
});

const outbox = (waiting: number) =>
  setSyncStatus({
    summary: { queued: waiting, sending: 0, inWorker: 0, held: 0, failed: 0, total: waiting },
  });

describe('the board request started when the route matches (ADR 0075)', () => {
  it('is the one the screen takes: one request, not two', async () => {
    prefetchBoard(FARM, 1000);
    prefetchBoard(FARM, 2000); // a hover, then the click
    const answer = await requestBoard(FARM, false, 3000);
    expect(asked).toEqual([`/api/attention?farm_id=${FARM}`]);
    expect(answer).toMatchObject({ n: 1 });
  });

  it('is asked anew by the refresh and once it is older than ten seconds', async () => {
    prefetchBoard(FARM, 1000);
    expect(await requestBoard(FARM, true, 1500)).toMatchObject({ n: 2 });
    expect(await requestBoard(FARM, false, 2000)).toMatchObject({ n: 2 });
    expect(await requestBoard(FARM, false, 12_000)).toMatchObject({ n: 3 });
    prefetchBoard(FARM, 30_000);
    expect(asked).toHaveLength(4);
  });

  it('is asked anew when records this phone held when it was sent have reached the server since (a reading entered from the board)', async () => {
    outbox(1);
    prefetchBoard(FARM, 1000);
    outbox(0);
    expect(await requestBoard(FARM, false, 1500)).toMatchObject({ n: 2 });
    // Sent with nothing waiting, or with the records still waiting: taken.
    prefetchBoard(FARM, 20_000);
    expect(await requestBoard(FARM, false, 20_500)).toMatchObject({ n: 3 });
    outbox(2);
    prefetchBoard(FARM, 40_000);
    expect(await requestBoard(FARM, false, 40_500)).toMatchObject({ n: 4 });
  });

  it('is not started offline; the screen then asks itself', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    prefetchBoard(FARM, 1000);
    expect(asked).toEqual([]);
    expect(await requestBoard(FARM, false, 1000)).toMatchObject({ n: 1 });
  });

  it('keeps one farm’s request from another’s', async () => {
    prefetchBoard(FARM, 1000);
    await requestBoard('22222222-2222-4222-8222-222222222222', false, 1000);
    expect(asked).toHaveLength(2);
  });
});
