import { v7 as uuidv7 } from 'uuid';
import type {
  AddCategoryBody,
  CategoryQuery,
  FinanceCategory,
  UpdateCategoryBody,
} from '#shared/contracts/finance';
import { ACTION } from '#shared/domain/permissions';
import { AppError, fieldError } from '../../errors.ts';
import type { FarmAccess } from '../../kernel/farm-access.ts';
import { requireFinance } from '../../kernel/finance-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import type { Headers, RecordMerge } from '../../sync/record-merge.ts';
import type { CategoryRepository, CategoryRow } from './category.repository.ts';
import { toCategory } from './finance-mapper.ts';

export interface CategoryDeps {
  categories: CategoryRepository;
  access: FarmAccess;
  merge: RecordMerge;
}

/** Transaction categories: the built-ins (read-only) and each farm's own. */
export class CategoryService {
  constructor(private readonly d: CategoryDeps) {}

  async list(userId: string, q: CategoryQuery): Promise<{ items: FinanceCategory[]; server_time: string }> {
    const m = await requireFinance(this.d.access, userId, q.farm_id, ACTION.view);
    const rows = await this.d.categories.list(q.farm_id, {
      type: q.type,
      changedAfter: q.since ? changedAfter(q.since) : undefined,
    });
    return { items: rows.map(toCategory), server_time: m.readAt };
  }

  async create(
    userId: string,
    body: AddCategoryBody,
  ): Promise<{ category: FinanceCategory; created: boolean }> {
    await requireFinance(this.d.access, userId, body.farm_id, ACTION.add);
    const name = body.category_transaction_name.trim();
    if (!name) throw fieldError('category_transaction_name', 'validation.required');
    const id = body.category_transaction_id ?? uuidv7();
    const inserted = await this.d.categories.insert({
      id,
      farm_id: body.farm_id,
      type: body.type,
      icon: body.category_icon,
      name,
      created_by: userId,
    });
    const stored = await this.d.categories.findById(id);
    if (!stored || stored.farm_id !== body.farm_id || (!inserted && stored.deleted_at))
      throw new AppError('conflict');
    return { category: toCategory(stored), created: inserted };
  }

  /** Name and icon of a farm's own category (a type never changes: past figures keep theirs). */
  async update(
    userId: string,
    id: string,
    body: UpdateCategoryBody,
    headers: Headers = {},
  ): Promise<FinanceCategory> {
    await this.own(userId, id);
    const patch: Record<string, unknown> = {};
    if (body.category_transaction_name !== undefined) {
      const name = body.category_transaction_name.trim();
      if (!name) throw fieldError('category_transaction_name', 'validation.required');
      patch.category_transaction_name = name;
    }
    if (body.category_icon !== undefined) patch.category_icon = body.category_icon;
    await this.d.merge.update({
      table: 'finance_categories',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toCategory((await this.d.categories.findById(id, tx)) as CategoryRow),
      write: async (tx, changes) => {
        await this.d.categories.update(
          id,
          {
            ...(changes.category_transaction_name !== undefined
              ? { name: changes.category_transaction_name as string }
              : {}),
            ...(changes.category_icon !== undefined ? { icon: changes.category_icon as string } : {}),
          },
          tx,
        );
      },
    });
    return toCategory((await this.d.categories.findById(id)) as CategoryRow);
  }

  /**
   * Soft delete (seed: POST with farm_id): the category leaves the pickers, past
   * transactions keep it. Built-ins cannot be deleted; another farm's id is 404.
   */
  async remove(userId: string, id: string, farmId: string): Promise<void> {
    await requireFinance(this.d.access, userId, farmId, ACTION.edit);
    const row = await this.d.categories.findById(id);
    if (!row) throw new AppError('not-found');
    if (row.farm_id === null) throw new AppError('finance-builtin-category');
    if (row.farm_id !== farmId) throw new AppError('not-found');
    await this.d.categories.softDelete(id);
  }

  private async own(userId: string, id: string): Promise<CategoryRow> {
    const row = await this.d.categories.findById(id);
    if (!row || row.deleted_at) throw new AppError('not-found');
    if (row.farm_id === null) throw new AppError('finance-builtin-category');
    await requireFinance(this.d.access, userId, row.farm_id, ACTION.edit);
    return row;
  }
}
