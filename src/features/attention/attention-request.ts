import { api } from '#local/api-client';
import { getSyncStatus, unsentCount } from '#local/sync/status';
import type { AttentionBoard } from '#shared/contracts/attention';

/**
 * The board's GET /api/attention, started as soon as the router matches the board's route
 * (its loader, also on a link's hover through the router's preload), before the screen's
 * chunk, the farm list of the local copy and the screen's own render (ADR 0075). The
 * screen then takes that request instead of sending its own. A request older than
 * FRESH_MS is not taken: the screen asks anew; nor one sent while this phone still held
 * records it has sent since (an entry saved from the board, then back to it: the board
 * must judge the reading just entered).
 */
const FRESH_MS = 10_000;

interface Started {
  at: number;
  /** Records of this phone not yet on the server when the request was sent. */
  unsent: number;
  answer: Promise<AttentionBoard>;
}

/** Records of this phone waiting to reach the server (failed ones aside). */
export const waitingRecords = () => unsentCount(getSyncStatus().summary).waiting;

const started = new Map<string, Started>();

function send(farmId: string, now: number): Started {
  const entry = {
    at: now,
    unsent: waitingRecords(),
    answer: api.get<AttentionBoard>('/attention', { farm_id: farmId }),
  };
  started.set(farmId, entry);
  // Nobody may take it (the user went elsewhere): its failure is the screen's to show, not an
  // unhandled rejection.
  entry.answer.catch(() => undefined);
  return entry;
}

const fresh = (entry: Started | undefined, now: number): entry is Started =>
  entry !== undefined &&
  now - entry.at < FRESH_MS &&
  (entry.unsent === 0 || waitingRecords() >= entry.unsent);

/**
 * Starts the board's request unless one started within FRESH_MS (offline: nothing), and
 * returns it settled either way (the first sync run waits for it: main.tsx).
 */
export function prefetchBoard(farmId: string, now = Date.now()): Promise<unknown> {
  if (globalThis.navigator?.onLine === false) return Promise.resolve();
  const entry = started.get(farmId);
  return (fresh(entry, now) ? entry : send(farmId, now)).answer.catch(() => undefined);
}

/**
 * The board's answer: the request started within FRESH_MS when there is one, else a new
 * request (`anew`: the refresh button, the periodic re-read, the connection back).
 */
export function requestBoard(farmId: string, anew: boolean, now = Date.now()): Promise<AttentionBoard> {
  const entry = started.get(farmId);
  return (!anew && fresh(entry, now) ? entry : send(farmId, now)).answer;
}

/** Tests: forget started requests. */
export function forgetBoardRequests(): void {
  started.clear();
}
