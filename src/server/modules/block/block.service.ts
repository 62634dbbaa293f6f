import { v7 as uuidv7 } from 'uuid';
import type { AddBlockBody, Block, UpdateBlockBody } from '#shared/contracts/farm';
import { sortByName } from '#shared/domain/natural-sort';
import { ACTION } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import { requiredText } from '../../kernel/clean-text.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { type Headers, mergeFieldsOf, type RecordMerge } from '../../sync/record-merge.ts';
import type { BlockRepository, BlockRow } from './block.repository.ts';

export function toBlock(row: BlockRow): Block {
  return {
    block_id: row.id,
    farm_id: row.farm_id,
    block_name: row.block_name,
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
}

/**
 * Blocks group ponds. They share the `pond` feature's levels: view to list, add to
 * create, edit to rename or delete. Blocks are not pond-restricted: every member sees them.
 */
export class BlockService {
  constructor(
    private readonly blocks: BlockRepository,
    private readonly access: FarmAccess,
    private readonly merge: RecordMerge,
  ) {}

  async list(
    userId: string,
    farmId: string,
    since?: string,
  ): Promise<{ items: Block[]; server_time: string }> {
    const m = await this.access.require(userId, farmId, 'pond', ACTION.view);
    const rows = await this.blocks.list(farmId, since ? changedAfter(since) : undefined);
    return { items: sortByName(rows.map(toBlock), (b) => b.block_name), server_time: m.readAt };
  }

  /**
   * Idempotent create: a device may send its own id, and a replay of the same create
   * answers the stored row (unchanged, so a replay never undoes a later edit).
   */
  async add(userId: string, body: AddBlockBody): Promise<Block> {
    await this.access.require(userId, body.farm_id, 'pond', ACTION.add);
    const id = body.block_id ?? uuidv7();
    const block_name = requiredText('block_name', body.block_name);
    await this.blocks.insertIfAbsent({ id, farm_id: body.farm_id, block_name });
    const row = await this.blocks.findById(id);
    // The id is taken by another farm's block: refuse without touching or showing it.
    if (!row || row.farm_id !== body.farm_id) throw new AppError('conflict');
    return toBlock(row);
  }

  /** Merged per field with other devices' edits (ADR 0002). */
  async update(
    userId: string,
    blockId: string,
    body: UpdateBlockBody,
    headers: Headers = {},
  ): Promise<Block> {
    await this.requireBlock(userId, blockId, ACTION.edit);
    await this.merge.update({
      table: 'blocks',
      id: blockId,
      userId,
      headers,
      patch: body.block_name === undefined ? {} : { block_name: requiredText('block_name', body.block_name) },
      load: async (tx) => toBlock((await this.blocks.findById(blockId, tx)) as BlockRow),
      write: async (tx, changes) => {
        await this.blocks.update(blockId, { block_name: changes.block_name as string }, tx);
      },
    });
    return toBlock((await this.blocks.findById(blockId)) as BlockRow);
  }

  /** Refuses while ponds remain: deleting a block must never make ponds disappear with it. */
  async remove(userId: string, blockId: string): Promise<void> {
    await this.requireBlock(userId, blockId, ACTION.edit);
    if (!(await this.blocks.softDeleteIfEmpty(blockId)))
      throw new AppError('block-not-empty', undefined, 409);
  }

  /** A block of another farm (or a deleted one) answers 404 before any permission check. */
  private async requireBlock(userId: string, blockId: string, level: 0 | 1 | 2): Promise<BlockRow> {
    const row = await this.blocks.findLive(blockId);
    if (!row) throw new AppError('not-found');
    await this.access.require(userId, row.farm_id, 'pond', level);
    return row;
  }
}
