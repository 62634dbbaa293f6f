import type { IngestResult } from '#shared/contracts/probes';
import { checkReadings, PROBE_MAX_READINGS } from '#shared/domain/probe-readings';
import { AppError } from '../../errors.ts';
import type { DeviceRateLimit } from '../../kernel/device-rate-limit.ts';
import { findBadValue } from '../../security/clean-values.ts';
import type { LiveProbeDevice } from './probe-device.repository.ts';
import type { ProbeDeviceService } from './probe-device.service.ts';
import type { ProbeEpisodes } from './probe-episodes.ts';
import type { ProbeReadingRepository } from './probe-reading.repository.ts';

/** One message of a device, its shape checked (each reading is checked on its own). */
export interface ProbeMessage {
  readings: unknown[];
  battery?: number;
  signal?: number;
  /** The device key, for a broker that does not log devices in with it (MQTT_URL). */
  key?: string;
}

const finiteIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/**
 * A message that came as raw bytes (MQTT): JSON of the same shape as the HTTP body, no
 * NUL or lone surrogate anywhere, no other keys. Null when it is not one.
 */
export function parseProbeMessage(payload: Buffer | string): ProbeMessage | null {
  if (payload.length > 256 * 1024) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || findBadValue(value)) return null;
  const { readings, battery, signal, key, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (!Array.isArray(readings) || readings.length === 0 || readings.length > PROBE_MAX_READINGS) return null;
  if (battery !== undefined && !finiteIn(battery, 0, 100)) return null;
  if (signal !== undefined && !finiteIn(signal, -200, 50)) return null;
  if (key !== undefined && (typeof key !== 'string' || key.length > 100)) return null;
  return {
    readings,
    battery: battery as number | undefined,
    signal: signal as number | undefined,
    key: key as string | undefined,
  };
}

/**
 * Battery and signal go to `real` columns: rounded to float32 first, so a value too small
 * for one (5e-324, a finite JSON number in range) is stored as 0 instead of PostgreSQL
 * refusing it as out of range (500).
 */
const asReal = (n: number | undefined) => (n === undefined ? undefined : Math.fround(n));

/**
 * Ingestion of probe readings (issue 27 points 2–4), the one path HTTP and MQTT feed: the
 * device's rate, each reading checked and converted, stored once by (device, parameter,
 * measured_at) with the device's last message in one statement, then the pond's alert episodes.
 */
export class ProbeIngestService {
  constructor(
    private readonly d: {
      devices: ProbeDeviceService;
      readings: ProbeReadingRepository;
      episodes: ProbeEpisodes;
      rate: DeviceRateLimit;
      log: (line: string) => void;
      now?: () => Date;
    },
  ) {}

  /** An HTTP message: 401 `device-key-invalid` for an unknown or revoked key. */
  async withKey(key: string | undefined, message: ProbeMessage): Promise<IngestResult> {
    const device = await this.d.devices.authenticate(key ?? message.key);
    if (!device) throw new AppError('device-key-invalid');
    return this.ingest(device, message);
  }

  /**
   * `awaitAlerts: false` (MQTT) answers once the readings are stored: the broker's PUBACK
   * does not wait for the pond's alert evaluation, which follows on the pond's chain
   * (never throws). HTTP answers after it, so a caller sees the alert its message raised.
   */
  async ingest(
    device: LiveProbeDevice,
    message: ProbeMessage,
    options: { awaitAlerts?: boolean } = {},
  ): Promise<IngestResult> {
    if (!this.d.rate.take(device.id)) {
      this.d.log(`[probes] device ${device.id} over its rate: message refused`);
      throw new AppError('device-rate-limited');
    }
    const now = this.d.now?.() ?? new Date();
    const { accepted, refused } = checkReadings(message.readings, device, now);
    const stored = await this.d.readings.store(
      { id: device.id, battery: asReal(message.battery), signal: asReal(message.signal) },
      accepted.map((r) => ({
        device_id: device.id,
        farm_id: device.farm_id,
        pond_id: device.pond_id,
        parameter: r.parameter,
        value: r.value,
        measured_at: r.measuredAt,
      })),
    );
    const evaluated = this.d.episodes.process(device.farm_id, device.pond_id, stored);
    if (options.awaitAlerts !== false) await evaluated;
    return { stored: stored.length, duplicates: accepted.length - stored.length, refused };
  }
}
