import { v7 as uuidv7 } from 'uuid';
import type { NotificationSettings } from '#shared/contracts/notifications';
import type { PushPayload } from '#shared/contracts/push';
import {
  ALERT_KINDS,
  type AlertCandidate,
  DEFAULT_DEATH_THRESHOLD,
  type FarmAlertSettings,
  inQuietHours,
} from '#shared/domain/alerts';
import { ACTION } from '#shared/domain/permissions';
import { mergeStandards } from '#shared/domain/water-standards';
import { type AlertMessage, wordAlert } from '#shared/i18n/alert-messages';
import { isLanguage, type Language } from '#shared/i18n/language';
import { AppError } from '../../errors.ts';
import type { AlertPort, FarmAlertRecords } from '../../kernel/alert-port.ts';
import { ALERT_RULES, type AlertRecord, type AlertSource } from '../../kernel/alert-rules.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { FARM_UTC_OFFSET_MINUTES } from '../../kernel/farm-clock.ts';
import type { AlertsRepository, NotificationInsert, UserAlertSettings } from './alerts.repository.ts';
import { CoalescingRunner } from './coalescing-runner.ts';
import { StoredKeys } from './stored-keys.ts';

/** What the alert machinery pushes through: PushService.notifyUsers. */
export interface AlertPush {
  notifyUsers(
    userIds: string[],
    payloadFor: (userId: string, lang: Language) => PushPayload | null,
  ): Promise<number>;
}

export interface AlertDeps {
  repo: AlertsRepository;
  access: FarmAccess;
  push: AlertPush;
  log: (line: string) => void;
  now?: () => Date;
}

/**
 * Records one evaluation takes at most (ADR 0098): twenty bulk writes of 50 readings. Under
 * load the writes that wait while an evaluation runs pile up; taken all at once (2,000
 * notifications and more in one turn, measured), wording and sending them held the event
 * loop long enough to double the slowest writes' time.
 */
export const MAX_RECORDS_PER_EVALUATION = 1000;

export const DEFAULT_USER_SETTINGS: UserAlertSettings = {
  push_kinds: [...ALERT_KINDS],
  quiet_from: null,
  quiet_to: null,
};

/**
 * The alert machinery (issue 18, docs/architecture.md step 11): after a domain's write
 * committed it hands the records to `committed`; the registered rules (alert-rules.ts)
 * turn them into candidates, each becomes one notification per user allowed to see it
 * (farm membership, the rule's feature at view, pond access), stored as message keys and
 * values (with the pond's name) and de-duplicated by the candidate's key; the new ones
 * are pushed, worded in each device's language, unless the user switched the kind off or
 * is in quiet hours. The list words them in the reader's language on the client. Evaluation runs after the write and
 * outside its request: errors are logged, never returned to the writer.
 */
export class AlertService implements AlertPort {
  private readonly running = new Set<Promise<unknown>>();
  /**
   * One evaluation per source and farm at a time; the writes that arrive meanwhile go
   * together, up to MAX_RECORDS_PER_EVALUATION records a turn.
   */
  private readonly queue = new CoalescingRunner<AlertRecord<AlertSource>>(async (key, records) => {
    const [source, farmId] = JSON.parse(key) as [AlertSource, string];
    await this.evaluate(source, farmId, records).catch((error) =>
      this.d.log(`[alerts] ${source} evaluation failed: ${(error as Error).message}`),
    );
  }, MAX_RECORDS_PER_EVALUATION);

  /** The (user, key) pairs known stored: their candidates are dropped before addressing. */
  private readonly stored = new StoredKeys();

  constructor(private readonly d: AlertDeps) {}

  /** Fire and forget from a service after its write committed. */
  committed<S extends AlertSource>(source: S, farmId: string, records: AlertRecord<S>[]): void {
    this.queue.add(JSON.stringify([source, farmId]), records as AlertRecord<AlertSource>[]);
  }

  /** Fire and forget: reads the records after the commit, then evaluates them farm by farm. */
  committedRead<S extends AlertSource>(source: S, read: () => Promise<FarmAlertRecords<S>[]>): void {
    const run = read()
      .then((byFarm) => {
        for (const { farmId, records } of byFarm) this.committed(source, farmId, records);
      })
      .catch((error) => this.d.log(`[alerts] ${source} failed: ${(error as Error).message}`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves when every evaluation started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    do {
      while (this.running.size > 0) await Promise.all([...this.running]);
      await this.queue.idle();
    } while (this.running.size > 0);
  }

  /** Runs the source's rule over the records; answers the notifications stored now. */
  async evaluate<S extends AlertSource>(
    source: S,
    farmId: string,
    records: AlertRecord<S>[],
  ): Promise<NotificationInsert[]> {
    const rule = ALERT_RULES[source] as (input: {
      farmId: string;
      record: AlertRecord<S>;
      settings: FarmAlertSettings;
    }) => AlertCandidate[];
    const settings = await this.farmAlertSettings(farmId);
    // One candidate per key: the first, as the INSERT would keep it (readings of one pond,
    // parameter and slot sent together are one alert).
    const byKey = new Map<string, AlertCandidate>();
    for (const record of records)
      for (const c of rule({ farmId, record, settings })) if (!byKey.has(c.key)) byKey.set(c.key, c);
    if (byKey.size === 0) return [];
    const rows = await this.address(farmId, [...byKey.values()]);
    if (rows.length === 0) return [];
    const stored = await this.d.repo.insert(rows);
    // Inserted now or refused as there already: stored either way.
    for (const row of rows) this.stored.add(row.user_id, row.dedup_key);
    if (stored.length > 0) await this.pushStored(stored);
    return stored;
  }

  private async farmAlertSettings(farmId: string): Promise<FarmAlertSettings> {
    if (!farmId) return { waterStandards: [], deathThreshold: null };
    const { standards, farm } = await this.d.repo.ruleSettings(farmId);
    return {
      waterStandards: mergeStandards(standards),
      deathThreshold: farm ? farm.death_threshold : DEFAULT_DEATH_THRESHOLD,
    };
  }

  /**
   * One row per candidate and user allowed to see it: its message keys and values, the
   * pond's name among them, and (for clients before keys) the text in the user's language.
   */
  private async address(farmId: string, candidates: AlertCandidate[]): Promise<NotificationInsert[]> {
    const { members, languages, ponds } = await this.d.repo.addressees(
      farmId,
      candidates.some((c) => c.feature !== null),
      [...new Set(candidates.flatMap((c) => c.recipients ?? []))],
      [...new Set(candidates.flatMap((c) => (c.pondId ? [c.pondId] : [])))],
    );
    const memberships = new Map(
      await Promise.all(
        members.map(
          async (uid) => [uid, await this.d.access.membership(uid, farmId).catch(() => null)] as const,
        ),
      ),
    );
    const rows: NotificationInsert[] = [];
    for (const c of candidates) {
      const users = new Set(c.recipients ?? []);
      if (c.feature) {
        for (const [uid, m] of memberships) {
          if (!m) continue;
          const level = c.pondId
            ? this.d.access.canSeePond(m, c.pondId)
              ? this.d.access.pondAction(m, c.feature, c.pondId)
              : ACTION.none
            : (m.permissions[c.feature] ?? ACTION.none);
          if (level >= ACTION.view) users.add(uid);
        }
      }
      for (const uid of users) if (this.stored.has(uid, c.key)) users.delete(uid);
      if (users.size === 0) continue;
      const pond = c.pondId ? (ponds.get(c.pondId) ?? '') : '';
      const title = withPond(c.title, pond);
      const body = withPond(c.body, pond);
      for (const uid of users) {
        const lang = asLanguage(languages.get(uid));
        rows.push({
          id: uuidv7(),
          user_id: uid,
          farm_id: farmId || null,
          pond_id: c.pondId,
          kind: c.kind,
          dedup_key: c.key,
          title: wordAlert(lang, title),
          body: wordAlert(lang, body),
          title_key: title.key,
          title_params: JSON.stringify(title.params),
          body_key: body.key,
          body_params: JSON.stringify(body.params),
          url: c.url,
          occurred_at: new Date(c.occurredAt),
        });
      }
    }
    return rows;
  }

  private async pushStored(stored: NotificationInsert[]): Promise<void> {
    const users = [...new Set(stored.map((n) => n.user_id))];
    const settings = await this.d.repo.userSettings(users);
    const now = this.d.now?.() ?? new Date();
    const byUser = new Map<string, NotificationInsert[]>();
    for (const n of stored) {
      const s = settings.get(n.user_id) ?? DEFAULT_USER_SETTINGS;
      if (!s.push_kinds.includes(n.kind)) continue;
      if (inQuietHours(s.quiet_from, s.quiet_to, now, FARM_UTC_OFFSET_MINUTES)) continue;
      byUser.set(n.user_id, [...(byUser.get(n.user_id) ?? []), n]);
    }
    if (byUser.size === 0) return;
    await this.d.push.notifyUsers([...byUser.keys()], (uid, lang) => {
      const list = byUser.get(uid);
      if (!list) return null;
      // Several alerts of one evaluation (one write, or writes that arrived together) to one
      // user: the first is shown, the rest are in the list.
      // Worded now, in the language of the device it goes to.
      const first = list[0];
      return {
        title: wordAlert(lang, { key: first.title_key, params: JSON.parse(first.title_params) }),
        body: wordAlert(lang, { key: first.body_key, params: JSON.parse(first.body_params) }),
        url: first.url,
        tag: first.dedup_key,
      };
    });
  }

  // ---- the caller's notifications and settings (routes) ----

  async list(userId: string, since?: string) {
    const server_time = await this.d.repo.now();
    const rows = await this.d.repo.list(userId, since ? new Date(Date.parse(since) - 10_000) : undefined);
    return { items: rows.map(toNotification), server_time };
  }

  markRead(userId: string, ids: string[]): Promise<void> {
    return this.d.repo.markRead(userId, ids);
  }

  markAllRead(userId: string, until: string): Promise<void> {
    return this.d.repo.markAllRead(userId, new Date(until));
  }

  async settings(userId: string): Promise<NotificationSettings> {
    const s = (await this.d.repo.userSettings([userId])).get(userId) ?? DEFAULT_USER_SETTINGS;
    return { ...s, push_kinds: ALERT_KINDS.filter((k) => s.push_kinds.includes(k)) };
  }

  async saveSettings(userId: string, s: NotificationSettings): Promise<NotificationSettings> {
    if ((s.quiet_from === null) !== (s.quiet_to === null))
      throw new AppError('validation-failed', {
        [s.quiet_from === null ? 'quiet_from' : 'quiet_to']: [{ key: 'validation.required' }],
      });
    const clean = { ...s, push_kinds: ALERT_KINDS.filter((k) => s.push_kinds.includes(k)) };
    await this.d.repo.saveUserSettings(userId, clean);
    return clean;
  }

  /** A member who sees the farm's water standards sees its alert settings. */
  async farmSettings(userId: string, farmId: string) {
    await this.d.access.require(userId, farmId, 'water_quality_setting', ACTION.view);
    const row = await this.d.repo.farmSettings(farmId);
    return { farm_id: farmId, death_threshold: row ? row.death_threshold : DEFAULT_DEATH_THRESHOLD };
  }

  /** The threshold is a farm setting: edit on the farm's settings (water_quality_setting). */
  async saveFarmSettings(userId: string, farmId: string, deathThreshold: number | null) {
    await this.d.access.require(userId, farmId, 'water_quality_setting', ACTION.edit);
    await this.d.repo.saveFarmSettings(farmId, deathThreshold);
    return { farm_id: farmId, death_threshold: deathThreshold };
  }

  /** A device's own sync failures: its owner is alerted (once per device and day). */
  reportSyncFailure(userId: string, deviceId: string, failed: number): void {
    this.committed('sync_failure', '', [
      { user_id: userId, device_id: deviceId, failed, reported_at: this.d.now?.() ?? new Date() },
    ]);
  }
}

const asLanguage = (value: string | undefined): Language => (value && isLanguage(value) ? value : 'id');

/** The rule's text with the pond's name among its values, as it is stored. */
function withPond(
  text: AlertMessage,
  pond: string,
): { key: string; params: Record<string, string | number> } {
  return { key: text.key, params: { ...(text.params ?? {}), ...(pond ? { pond } : {}) } };
}

function toNotification(r: {
  id: string;
  farm_id: string | null;
  pond_id: string | null;
  kind: string;
  title: string;
  body: string;
  title_key: string | null;
  title_params: Record<string, string | number> | null;
  body_key: string | null;
  body_params: Record<string, string | number> | null;
  url: string;
  occurred_at: Date;
  read_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}) {
  return {
    id: r.id,
    farm_id: r.farm_id,
    pond_id: r.pond_id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    title_key: r.title_key,
    title_params: r.title_params,
    body_key: r.body_key,
    body_params: r.body_params,
    url: r.url,
    occurred_at: r.occurred_at.toISOString(),
    read_at: r.read_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    deleted_at: r.deleted_at?.toISOString() ?? null,
  };
}
