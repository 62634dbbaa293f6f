import { v7 as uuidv7 } from 'uuid';
import type {
  AddTemplateBody,
  ComparisonTemplate,
  TemplateField,
  UpdateTemplateBody,
} from '#shared/contracts/comparison';
import { isComparisonMetric, metricFeature, TEMPLATES_MAX_PER_FARM } from '#shared/domain/analysis';
import { ACTION } from '#shared/domain/permissions';
import { AppError } from '../../errors.ts';
import { requiredText } from '../../kernel/clean-text.ts';
import type { FarmAccess, Membership } from '../../kernel/farm-access.ts';
import { changedAfter } from '../../kernel/pull-window.ts';
import { type Headers, mergeFieldsOf, type RecordMerge } from '../../sync/record-merge.ts';
import { invalid } from './pond-scope.ts';
import type { TemplateRepository, TemplateRow } from './template.repository.ts';

export interface TemplateDeps {
  templates: TemplateRepository;
  access: FarmAccess;
  merge: RecordMerge;
}

export function toTemplate(row: TemplateRow): ComparisonTemplate {
  return {
    template_id: row.id,
    farm_id: row.farm_id,
    name: row.name,
    type: row.type === 0 ? 0 : 1,
    fields: Array.isArray(row.fields) ? (row.fields as TemplateField[]) : [],
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
    ...mergeFieldsOf(row),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Fields without repeats, metrics known; their ponds are checked against the farm by `checkPonds`. */
function checkFields(fields: TemplateField[]): string {
  const seen = new Set<string>();
  const clean = fields.map((f) => ({ pond_id: f.pond_id.toLowerCase(), metric: f.metric }));
  for (const f of clean) {
    if (!isComparisonMetric(f.metric))
      throw invalid('fields', 'analysis.metric-unknown', { metric: f.metric });
    const key = `${f.pond_id}:${f.metric}`;
    if (seen.has(key)) throw invalid('fields', 'analysis.series-repeated');
    seen.add(key);
  }
  return JSON.stringify(clean);
}

/**
 * A person's comparison templates of one farm (seed 000 keeps them "locally" per farm;
 * here they follow the person to each device). Any member may keep their own; nobody
 * sees another's (another's id answers 404, like an unknown one).
 */
export class TemplateService {
  constructor(private readonly d: TemplateDeps) {}

  async list(userId: string, farmId: string, since?: string) {
    const m = await this.d.access.membership(userId, farmId);
    const rows = await this.d.templates.list(farmId, userId, since ? changedAfter(since) : undefined);
    return { items: rows.map(toTemplate), server_time: m.readAt };
  }

  /** Idempotent create: a replay of the same device id answers the stored row unchanged. */
  async add(userId: string, body: AddTemplateBody): Promise<ComparisonTemplate> {
    const m = await this.d.access.membership(userId, body.farm_id);
    const fields = checkFields(body.fields);
    await this.checkPonds(m, body.farm_id, body.fields);
    const id = body.template_id ?? uuidv7();
    const existing = await this.d.templates.findById(id);
    if (!existing) {
      if ((await this.d.templates.countLive(body.farm_id, userId)) >= TEMPLATES_MAX_PER_FARM) {
        throw invalid('name', 'analysis.too-many-templates', { max: TEMPLATES_MAX_PER_FARM });
      }
      await this.d.templates.insertIfAbsent({
        id,
        farm_id: body.farm_id,
        user_id: userId,
        name: requiredText('name', body.name),
        type: body.type,
        fields,
      });
    }
    const row = await this.d.templates.findById(id);
    if (!row || row.farm_id !== body.farm_id || row.user_id !== userId) throw new AppError('conflict');
    return toTemplate(row);
  }

  /** Merged per field with the person's other devices (ADR 0002). */
  async update(
    userId: string,
    id: string,
    body: UpdateTemplateBody,
    headers: Headers = {},
  ): Promise<ComparisonTemplate> {
    const { row, m } = await this.own(userId, id);
    if (body.fields !== undefined) await this.checkPonds(m, row.farm_id, body.fields);
    const patch: Record<string, unknown> = {};
    if (body.name !== undefined) patch.name = requiredText('name', body.name);
    if (body.type !== undefined) patch.type = body.type;
    if (body.fields !== undefined) patch.fields = JSON.parse(checkFields(body.fields));
    await this.d.merge.update({
      table: 'comparison_templates',
      id,
      userId,
      headers,
      patch,
      load: async (tx) => toTemplate((await this.d.templates.findById(id, tx)) as TemplateRow),
      write: async (tx, changes) => {
        await this.d.templates.update(
          id,
          {
            name: changes.name as string | undefined,
            type: changes.type as number | undefined,
            fields: changes.fields === undefined ? undefined : JSON.stringify(changes.fields),
          },
          tx,
        );
      },
    });
    return toTemplate((await this.d.templates.findById(id)) as TemplateRow);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.own(userId, id);
    await this.d.templates.softDelete(id);
  }

  /**
   * Every pond a template names is a live pond of the template's farm: another farm's pond,
   * or an id that names no pond, answers 404 on `fields` and nothing is stored.
   */
  /**
   * Every field's pond is of the farm and one the member sees that metric of (a keeper's own
   * ponds), as the comparison itself asks: another answers 404 like an unknown one.
   */
  private async checkPonds(m: Membership, farmId: string, fields: TemplateField[]): Promise<void> {
    const ids = [...new Set(fields.map((f) => f.pond_id.toLowerCase()))];
    const known = ids.every((id) => UUID.test(id))
      ? await this.d.templates.pondsOfFarm(farmId, ids)
      : new Set();
    const seen = (f: TemplateField) =>
      this.d.access.pondAction(m, metricFeature(f.metric), f.pond_id.toLowerCase()) >= ACTION.view;
    if (ids.some((id) => !known.has(id)) || !fields.every(seen))
      throw new AppError('not-found', { fields: [{ key: 'chart.pond-unknown' }] });
  }

  /** The caller's live template; anyone else's, or a deleted one, is 404. */
  private async own(userId: string, id: string): Promise<{ row: TemplateRow; m: Membership }> {
    const row = await this.d.templates.findById(id);
    if (!row || row.deleted_at !== null || row.user_id !== userId) throw new AppError('not-found');
    return { row, m: await this.d.access.membership(userId, row.farm_id) };
  }
}
