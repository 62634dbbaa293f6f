import type {
  ErrorConfig,
  ErrorGroup,
  ErrorOverview,
  ErrorReportAnswer,
  ErrorReportBody,
  MappedFrame,
} from '#shared/contracts/errors';
import { DEFAULT_ERROR_SAMPLE_RATE } from '#shared/domain/error-tracing';
import { AppError } from '../../errors.ts';
import type { DeviceRateLimit } from '../../kernel/device-rate-limit.ts';
import type { ErrorEventRow, ErrorsRepository } from './errors.repository.ts';
import { fingerprint } from './fingerprint.ts';
import type { SourceMaps } from './source-maps.ts';

/** Who may read the errors (users.is_system_admin); the composition root hands the user repository. */
export interface ErrorReaders {
  isSystemAdmin(userId: string): Promise<boolean>;
}

/** Frames kept per group: the admin list shows the top ones. */
const KEPT_FRAMES = 10;
const LIST_GROUPS = 200;
const LIST_RELEASES = 20;
/** Two sightings of one group in one report: counted together, the later one's route kept. */
function merge(a: ErrorEventRow, b: ErrorEventRow): ErrorEventRow {
  const later = b.last_seen >= a.last_seen ? b : a;
  return {
    ...later,
    count: a.count + b.count,
    first_seen: a.first_seen <= b.first_seen ? a.first_seen : b.first_seen,
    last_seen: later.last_seen,
  };
}

/** A sighting dated in the future (a phone's wrong clock) counts as now. */
const clampDate = (iso: string, now: number) => new Date(Math.min(Date.parse(iso), now));

export interface ErrorsDeps {
  repo: ErrorsRepository;
  maps: SourceMaps;
  readers: ErrorReaders;
  /** Reports per device and per address: over it a report answers 429 (per address before its body is read). */
  reports: DeviceRateLimit;
  /** Events per device: a flood keeps the first ones of each minute, the rest are dropped (sampled). */
  events: DeviceRateLimit;
  now?: () => number;
}

/**
 * Error tracing (ADR 0067): stores the reports of devices (mapped, grouped, counted) and
 * answers system admins. A report never waits on anything but its own small transaction;
 * a flood from one device is cut by the two token buckets before any database work.
 */
export class ErrorsService {
  constructor(private readonly d: ErrorsDeps) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  /**
   * Reports per address, checked before the body is read (routes: `onRequest`), so a flood
   * costs no parsing; false when the address is over its rate.
   */
  admit(address: string): boolean {
    return this.d.reports.take(`a:${address}`);
  }

  async report(body: ErrorReportBody, userAgent: string): Promise<ErrorReportAnswer> {
    if (!this.d.reports.take(`d:${body.device_id}`)) throw new AppError('device-rate-limited');
    const now = this.now();
    const errored = new Set<string>();
    const byFingerprint = new Map<string, ErrorEventRow>();
    let stored = 0;
    let dropped = 0;
    for (const e of body.events) {
      if (!this.d.events.take(body.device_id)) {
        dropped += 1;
        continue;
      }
      stored += 1;
      errored.add(e.session_id);
      const frames = e.frames.map((f) => this.d.maps.map(f));
      const row: ErrorEventRow = {
        fingerprint: fingerprint(e.name, e.message, frames),
        kind: e.kind,
        name: e.name,
        message: e.message,
        frames: frames.slice(0, KEPT_FRAMES),
        release: body.release,
        device_id: body.device_id,
        route: e.route,
        user_agent: userAgent.slice(0, 300),
        count: e.count,
        first_seen: clampDate(e.first_seen, now),
        last_seen: clampDate(e.last_seen, now),
      };
      const known = byFingerprint.get(row.fingerprint);
      byFingerprint.set(row.fingerprint, known ? merge(known, row) : row);
    }
    const sessions = new Map(
      body.sessions.map((s) => [s.session_id, { started: clampDate(s.started_at, now), errored: false }]),
    );
    for (const id of errored) {
      const known = sessions.get(id);
      sessions.set(id, { started: known?.started ?? new Date(now), errored: true });
    }
    // Sorted: two reports never lock the same group rows in opposite orders.
    const events = [...byFingerprint.values()].sort((a, b) => a.fingerprint.localeCompare(b.fingerprint));
    // Atomic: a replayed report after a failure must not count half of its events twice.
    await this.d.repo.transaction(async (tx) => {
      await this.d.repo.addEvents(events, tx);
      await this.d.repo.addSessions(
        [...sessions].map(([session_id, s]) => ({
          session_id,
          device_id: body.device_id,
          release: body.release,
          started_at: s.started,
          errored: s.errored,
        })),
        tx,
      );
    });
    return { stored, dropped };
  }

  async config(): Promise<ErrorConfig> {
    return { sample_rate: (await this.d.repo.sampleRate()) ?? DEFAULT_ERROR_SAMPLE_RATE };
  }

  private async requireAdmin(userId: string): Promise<void> {
    if (!(await this.d.readers.isSystemAdmin(userId))) throw new AppError('forbidden');
  }

  async setConfig(userId: string, body: ErrorConfig): Promise<ErrorConfig> {
    await this.requireAdmin(userId);
    // A `real` column: rounded to float32, so 5e-324 is stored as 0, not refused by PostgreSQL (500).
    await this.d.repo.setSampleRate(Math.fround(body.sample_rate), userId);
    return this.config();
  }

  async overview(userId: string): Promise<ErrorOverview> {
    await this.requireAdmin(userId);
    const [groups, releases, config] = await Promise.all([
      this.d.repo.groups(LIST_GROUPS),
      this.d.repo.releases(LIST_RELEASES),
      this.config(),
    ]);
    return {
      groups: groups.map(
        (g): ErrorGroup => ({
          fingerprint: g.fingerprint,
          kind: g.kind,
          name: g.name,
          message: g.message,
          frames: (Array.isArray(g.frames) ? g.frames : []) as MappedFrame[],
          count: Number(g.count),
          devices: Number(g.devices ?? 0),
          first_seen: g.first_seen.toISOString(),
          last_seen: g.last_seen.toISOString(),
          release: g.last_release,
          route: g.last_route,
          user_agent: g.last_user_agent,
        }),
      ),
      releases: releases.map((r) => {
        const sessions = Number(r.sessions);
        const crashed = Number(r.crashed);
        return {
          release: r.release,
          sessions,
          crashed,
          crash_free: sessions === 0 ? 1 : (sessions - crashed) / sessions,
          last_seen: new Date(r.last_seen).toISOString(),
        };
      }),
      sample_rate: config.sample_rate,
    };
  }
}
