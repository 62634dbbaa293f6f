import { v7 as uuidv7 } from 'uuid';
import type { AddPondBody, Pond, UpdatePondBody } from '#shared/contracts/farm';
import { ACTION, isPondRestricted, POND_ACCESS } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import { requiredText } from '../../kernel/clean-text.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { type Headers, mergeFieldsOf, type RecordMerge } from '../../sync/record-merge.ts';
import type { MembershipRepository } from '../user-farm/public.ts';
import type { PondRepository, PondRow } from './pond.repository.ts';

export interface PondDeps {
  ponds: PondRepository;
  memberships: MembershipRepository;
  access: FarmAccess;
  merge: RecordMerge;
}

/**
 * Ponds, under the `pond` feature. Roles above 2 see only the ponds of their pond
 * access, and each pond answers with what the caller may do on it (`access_level`).
 */
export class PondService {
  constructor(private readonly d: PondDeps) {}

  /** The farm's ponds as GET /pond's JSON array, in name order (ADR 0092). */
  async listJson(
    userId: string,
    farmId: string,
    since?: string,
  ): Promise<{ json: string; server_time: string }> {
    const m = await this.d.access.require(userId, farmId, 'pond', ACTION.view);
    const levels = this.d.access.pondLevels(m, 'pond');
    // A restricted member sees exactly the ponds with an access of their own.
    const visible = isPondRestricted(m.roleId) ? levels.ids : undefined;
    const json = await this.d.ponds.listJson(
      farmId,
      since ? changedAfter(since) : undefined,
      visible,
      levels,
    );
    return { json, server_time: m.readAt };
  }

  /**
   * Idempotent create (the device may send its own id). A restricted member who may add
   * ponds gets full access to the pond they created, or they could not see it.
   * Must be atomic: a pond without that access row would vanish from its creator's list.
   */
  async add(userId: string, body: AddPondBody): Promise<Pond> {
    let m = await this.d.access.require(userId, body.farm_id, 'pond', ACTION.add);
    await this.requireBlockOf(body.farm_id, body.block_id);
    const id = body.pond_id ?? uuidv7();
    const name = requiredText('name', body.name);
    let granted = false;
    const row = await this.d.ponds.transaction(async (tx) => {
      const inserted = await this.d.ponds.insertIfAbsent(
        { id, farm_id: body.farm_id, block_id: body.block_id, name, area: body.area },
        tx,
      );
      if (inserted && isPondRestricted(m.roleId)) {
        await this.d.memberships.grantPond(m.userFarmId, body.farm_id, id, POND_ACCESS.all, tx);
        granted = true;
      }
      return this.d.ponds.findById(id, tx);
    });
    if (granted) {
      // The membership may be shared (FarmAccess keeps it a few seconds): a new one.
      this.d.access.changed();
      m = { ...m, pondAccess: new Map(m.pondAccess).set(id, POND_ACCESS.all) };
    }
    // The id is taken by another farm's pond: refuse without touching or showing it.
    if (!row || row.farm_id !== body.farm_id) throw new AppError('conflict');
    if (!this.d.access.canSeePond(m, id)) throw new AppError('not-found');
    return this.toPond(m, row);
  }

  /** Merged per field with other devices' edits (ADR 0002). */
  async update(userId: string, pondId: string, body: UpdatePondBody, headers: Headers = {}): Promise<Pond> {
    const m = await this.d.access.requirePond(userId, pondId, 'pond', ACTION.edit);
    if (body.block_id) await this.requireBlockOf(m.farmId, body.block_id);
    const patch: Record<string, unknown> = {};
    if (body.name !== undefined) patch.name = requiredText('name', body.name);
    if (body.area !== undefined) patch.area = body.area;
    if (body.block_id) patch.block_id = body.block_id;
    if (body.status !== undefined) patch.status = body.status;
    await this.d.merge.update({
      table: 'ponds',
      id: pondId,
      userId,
      headers,
      patch,
      load: async (tx) => this.toPond(m, (await this.d.ponds.findById(pondId, tx)) as PondRow),
      write: (tx, changes) => this.d.ponds.update(pondId, changes, tx),
    });
    return this.toPond(m, (await this.d.ponds.findById(pondId)) as PondRow);
  }

  async remove(userId: string, pondId: string): Promise<void> {
    await this.d.access.requirePond(userId, pondId, 'pond', ACTION.edit);
    await this.d.ponds.softDelete(pondId);
  }

  /** The block must be a live block of the same farm; anything else is a field error. */
  private async requireBlockOf(farmId: string, blockId: string): Promise<void> {
    const block = await this.d.ponds.findLiveBlock(blockId);
    if (!block || block.farm_id !== farmId) throw fieldError('block_id', 'error.not-found');
  }

  private toPond(m: Membership, row: PondRow): Pond {
    return {
      pond_id: row.id,
      farm_id: row.farm_id,
      block_id: row.block_id,
      block_name: row.block_name,
      name: row.name,
      area: Number(row.area),
      status: row.status,
      access_level: this.d.access.pondAction(m, 'pond', row.id),
      updated_at: row.updated_at.toISOString(),
      deleted_at: row.deleted_at?.toISOString() ?? null,
      ...mergeFieldsOf(row),
    };
  }
}
