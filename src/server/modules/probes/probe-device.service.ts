import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { CreateProbeDeviceBody, ProbeDevice, ProbeDeviceWithKey } from '#shared/contracts/probes';
import { ACTION, canEditFarm } from '#shared/domain/permissions';
import { canonicalUnit, isProbeParameter } from '#shared/domain/probe-units';
import { AppError, fieldError } from '../../errors.ts';
import { cleanText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { sha256 } from '../../security/tokens.ts';
import type { LiveProbeDevice, ProbeDeviceRepository, ProbeDeviceRow } from './probe-device.repository.ts';

/** Device keys start with this, so a leaked one is recognisable (secret scanners, logs). */
export const PROBE_KEY_PREFIX = 'tpk_';

export const probeTopic = (farmId: string, deviceId: string) => `tambak/${farmId}/${deviceId}/readings`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDevice(row: ProbeDeviceRow): ProbeDevice {
  return {
    id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    pond_name: row.pond_name,
    name: row.name,
    parameters: row.parameters.filter(isProbeParameter),
    units: row.units,
    created_at: row.created_at.toISOString(),
    key_rotated_at: iso(row.key_rotated_at),
    revoked_at: iso(row.revoked_at),
    last_message_at: iso(row.last_message_at),
    battery: row.battery,
    signal: row.signal,
    topic: probeTopic(row.farm_id, row.id),
  };
}

function newKey(): { key: string; hash: string } {
  const key = `${PROBE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: sha256(key) };
}

/**
 * A farm's probe devices (issue 27 point 1, ADR 0066): owners and managers register,
 * list, rotate and revoke them; ingestion turns a key into its live device.
 */
export class ProbeDeviceService {
  constructor(
    private readonly repo: ProbeDeviceRepository,
    private readonly access: FarmAccess,
  ) {}

  /** Not a member: 404; a member who is not owner or manager: 403. */
  private async requireAdmin(userId: string, farmId: string): Promise<void> {
    const m = await this.access.membership(userId, farmId);
    if (!canEditFarm(m.roleId)) throw new AppError('forbidden');
  }

  private async found(userId: string, id: string): Promise<ProbeDeviceRow> {
    const row = await this.repo.one(id);
    if (!row) throw new AppError('not-found');
    await this.requireAdmin(userId, row.farm_id);
    return row;
  }

  async create(userId: string, body: CreateProbeDeviceBody): Promise<ProbeDeviceWithKey> {
    await this.requireAdmin(userId, body.farm_id);
    const m = await this.access.requirePond(userId, body.pond_id, 'water_quality', ACTION.view);
    if (m.farmId !== body.farm_id) throw new AppError('not-found');
    const units: Record<string, string> = {};
    for (const [parameter, unit] of Object.entries(body.units ?? {})) {
      if (!isProbeParameter(parameter) || !body.parameters.includes(parameter))
        throw fieldError(`units.${parameter.slice(0, 20)}`, 'validation.probe-unit');
      const canonical = canonicalUnit(parameter, unit);
      if (!canonical) throw fieldError(`units.${parameter}`, 'validation.probe-unit');
      units[parameter] = canonical;
    }
    const name = cleanText('name', body.name);
    if (!name) throw fieldError('name', 'validation.required');
    const id = uuidv7();
    const { key, hash } = newKey();
    await this.repo.insert({
      id,
      farm_id: body.farm_id,
      pond_id: body.pond_id,
      name,
      parameters: [...body.parameters],
      units,
      key_hash: hash,
      created_by: userId,
    });
    return { device: toDevice(await this.found(userId, id)), key };
  }

  async list(userId: string, farmId: string): Promise<ProbeDevice[]> {
    await this.requireAdmin(userId, farmId);
    return (await this.repo.list(farmId)).map(toDevice);
  }

  /** A new key; the old one stops working at once. A revoked device stays revoked. */
  async rotate(userId: string, id: string): Promise<ProbeDeviceWithKey> {
    const row = await this.found(userId, id);
    if (row.revoked_at) throw new AppError('conflict');
    const { key, hash } = newKey();
    await this.repo.rotate(id, hash);
    return { device: toDevice(await this.found(userId, id)), key };
  }

  async revoke(userId: string, id: string): Promise<ProbeDevice> {
    await this.found(userId, id);
    await this.repo.revoke(id);
    return toDevice(await this.found(userId, id));
  }

  /** The live device of a key, or null (unknown, malformed or revoked). */
  async authenticate(key: string | undefined): Promise<LiveProbeDevice | null> {
    if (!key || key.length > 100 || !key.startsWith(PROBE_KEY_PREFIX)) return null;
    const device = await this.repo.byHash(sha256(key));
    return device && !device.revoked_at ? device : null;
  }
}
