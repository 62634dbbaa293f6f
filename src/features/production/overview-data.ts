import { useEffect, useMemo, useState } from 'react';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { api } from '#local/api-client';
import type { TambakDb } from '#local/db';
import { FIRST_RECORD_DAYS, MOVEMENT_DAYS } from '#local/resources';
import { cursorKey, fillKey } from '#local/sync/pull';
import { visible } from '#local/visible';
import type { Overview } from '#shared/contracts/overview';
import { feedKg, type SamplingFacts } from '#shared/domain/figures';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import {
  buildOverview,
  type FeedFacts,
  type FeedUse,
  type OverviewRow,
  type SamplingSnapshot,
} from './overview-model.ts';
import { farmDay } from './production-model.ts';

const DAY_MS = 86_400_000;

/**
 * A farm's samplings from the device's mirror (`samplings` store, unsent entries
 * included): every sample of each cycle's latest two sampling days, as GET /api/overview
 * takes them (ADR 0129). `asOf` is when the samplings were last pulled from the server, null before.
 */
export async function mirrorSamplings(db: TambakDb, farmId: string): Promise<SamplingSnapshot> {
  const [rows, cursor] = await Promise.all([
    db.samplings.where('farm_id').equals(farmId).toArray(),
    db.syncState.get(cursorKey('samplings', farmId)),
  ]);
  const newestFirst = visible(rows).sort(
    (a, b) => b.sampled_on.localeCompare(a.sampled_on) || b.id.localeCompare(a.id),
  );
  const byCycle = new Map<string, SamplingFacts[]>();
  for (const s of newestFirst) {
    const list = byCycle.get(s.cycle_id) ?? [];
    // Every sample of the latest two days: `cycleFigures` pools a day's samples into one.
    const days = new Set(list.map((x) => x.sampled_on));
    if (days.size < 2 || days.has(s.sampled_on))
      list.push({ sampled_on: s.sampled_on, sample_weight: s.sample_weight, shrimp_count: s.shrimp_count });
    byCycle.set(s.cycle_id, list);
  }
  return { byCycle, asOf: cursor?.pulledAt ? new Date(cursor.pulledAt).toISOString() : null };
}

/**
 * The feed uses the mirror holds (warehouse movements of feed items, in kg, unsent changes
 * included) and from which day it holds all of them: the movements are pulled for the last
 * MOVEMENT_DAYS, so that day is MOVEMENT_DAYS before the last pull; while a new device's
 * first pull (its last FIRST_RECORD_DAYS) waits for the rest (the fill mark, ADR 0086),
 * FIRST_RECORD_DAYS before it, so an older cycle's FCR takes the server's sum meanwhile.
 */
export async function mirrorFeed(db: TambakDb, farmId: string): Promise<Omit<FeedFacts, 'server'>> {
  const [items, movements, cursor, filling] = await Promise.all([
    db.warehouseItems.where('farm_id').equals(farmId).toArray(),
    db.warehouseMovements.where('farm_id').equals(farmId).toArray(),
    db.syncState.get(cursorKey('warehouseMovements', farmId)),
    db.syncState.get(fillKey('warehouseMovements', farmId)),
  ]);
  const feedUnit = new Map(
    items.filter((i) => i.category_id === FEED_CATEGORY_ID).map((i) => [i.warehouse_id, i.unit]),
  );
  const uses: FeedUse[] = [];
  for (const m of movements) {
    const unit = feedUnit.get(m.warehouse_id);
    if (m.kind !== 'use' || unit === undefined || !m.pond_id) continue;
    const base = m._base;
    uses.push({
      pond_id: m.pond_id,
      cycle_id: m.cycle_id,
      kg: feedKg(m.qty, unit) ?? 0,
      unsent: m._status !== 'synced' || m._deleted === true,
      deleted: m._deleted === true,
      baseKg: base ? (feedKg(Number(base.qty), unit) ?? 0) : null,
    });
  }
  const coversFrom = cursor?.pulledAt
    ? new Date(cursor.pulledAt - (filling ? FIRST_RECORD_DAYS : MOVEMENT_DAYS) * DAY_MS)
        .toISOString()
        .slice(0, 10)
    : null;
  return { uses, coversFrom };
}

/**
 * The server's cumulative feed per active cycle (GET /api/overview), for cycles older than
 * the mirrored movements: undefined while read, null offline or on failure (read again
 * when the connection comes back).
 */
function useServerFeed(farmId: string): ReadonlyMap<string, number> | null | undefined {
  const [state, setState] = useState<{ farmId: string; feed: ReadonlyMap<string, number> | null } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const back = () => setAttempt((n) => n + 1);
    globalThis.addEventListener?.('online', back);
    return () => globalThis.removeEventListener?.('online', back);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads again on purpose.
  useEffect(() => {
    let live = true;
    if (globalThis.navigator?.onLine === false) {
      setState({ farmId, feed: null });
      return;
    }
    api
      .get<Overview>('/overview', { farm_id: farmId })
      .then((o) => {
        const feed = new Map<string, number>();
        for (const p of o.ponds) if (p.feed_kg !== null) feed.set(p.cycle_id, p.feed_kg);
        if (live) setState({ farmId, feed });
      })
      .catch(() => live && setState({ farmId, feed: null }));
    return () => {
      live = false;
    };
  }, [farmId, attempt]);
  return state?.farmId === farmId ? state.feed : undefined;
}

/** Records a figure depends on that the device has not pulled from the server yet. */
export interface OverviewPending {
  /** The stockings themselves (the overview's rows): before they are in, no row is final. */
  stocks: boolean;
  deaths: boolean;
  harvests: boolean;
  samplings: boolean;
}

/** What the overview reads of the mirror: every part of it but the server's feed sum. */
async function readOverviewMirror(db: TambakDb, farmId: string) {
  const [ponds, stocks, harvests, deaths, samplings, feed, cursors] = await Promise.all([
    db.ponds.where('farm_id').equals(farmId).toArray(),
    db.stocks.where('farm_id').equals(farmId).toArray(),
    db.harvests.where('farm_id').equals(farmId).toArray(),
    db.deaths.where('farm_id').equals(farmId).toArray(),
    mirrorSamplings(db, farmId),
    mirrorFeed(db, farmId),
    db.syncState.bulkGet(['stocks', 'deaths', 'harvests'].map((name) => cursorKey(name, farmId))),
  ]);
  const [stockCursor, deathCursor, harvestCursor] = cursors;
  const pending: OverviewPending = {
    stocks: !stockCursor?.pulledAt,
    deaths: !deathCursor?.pulledAt,
    harvests: !harvestCursor?.pulledAt,
    samplings: samplings.asOf === null,
  };
  return {
    ponds: visible(ponds),
    stocks: visible(stocks),
    harvests: visible(harvests),
    deaths: visible(deaths),
    samplings,
    feed,
    pulledAt: stockCursor?.pulledAt ?? null,
    pending,
  };
}

/**
 * The overview of a farm's active stockings, all from the mirror (stockings, harvests,
 * deaths, samplings and feed uses: it works offline and follows every save and pull), the
 * server's feed sum for cycles older than the mirrored movements, when its parts were last
 * pulled, and which parts have not been pulled yet (their figures are not final).
 */
export function useOverview(db: TambakDb, farmId: string) {
  const server = useServerFeed(farmId);
  const mirror = useLiveMirror(`overview:${farmId}`, (db) => readOverviewMirror(db, farmId), db).data;
  return useMemo(() => {
    if (!mirror) return undefined;
    const { feed, pulledAt, pending, ...records } = mirror;
    const overview = buildOverview({ ...records, feed: { ...feed, server }, today: farmDay() });
    return { ...overview, pulledAt, samplingAsOf: mirror.samplings.asOf, pending };
  }, [mirror, server]);
}

/** The server's overview (`GET /api/overview`) in the shape the screen shows. Pure. */
export function overviewFromServer(o: Overview) {
  const rows: OverviewRow[] = o.ponds.map((p) => ({ ...p, feed_status: 'known' }));
  return {
    rows,
    summary: o.summary,
    pending: { stocks: false, deaths: false, harvests: false, samplings: false } as OverviewPending,
    pulledAt: Date.parse(o.server_time),
    samplingAsOf: o.server_time,
  };
}

/** The overview read online (embed links: nothing of the device's mirror is shown). */
export function useServerOverview(farmId: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data?: ReturnType<typeof overviewFromServer>; error?: unknown }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads again on purpose.
  useEffect(() => {
    let live = true;
    setState({});
    api.get<Overview>('/overview', { farm_id: farmId }).then(
      (o) => live && setState({ data: overviewFromServer(o) }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [farmId, attempt]);
  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
