import {
  AddTemplateBody,
  ComparisonQuery,
  ComparisonSeries,
  ComparisonTemplate,
  MultipleComparisonQuery,
  TemplateListQuery,
  UpdateTemplateBody,
} from '#shared/contracts/comparison';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

/**
 * HTTP only: the comparison reads (`/farm/comparison`, seed 000 `/multipleComparison`) and
 * the comparison templates (a person's own per farm; mirrored offline, created by id).
 */
export function comparisonRoutes(api: Api, ctx: AppContext): void {
  const { comparison, comparisonTemplates } = ctx;
  const tags = ['comparison'];

  api.get(
    '/farm/comparison',
    { schema: { tags, querystring: ComparisonQuery, response: { 200: ListEnvelope(ComparisonSeries) } } },
    async (req) => {
      const { items, server_time } = await comparison.compare(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/multipleComparison',
    {
      schema: {
        tags,
        querystring: MultipleComparisonQuery,
        response: { 200: ListEnvelope(ComparisonSeries) },
      },
    },
    async (req) => {
      const { items, server_time } = await comparison.multiple(req.user.id, req.query);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.get(
    '/comparisonTemplate',
    { schema: { tags, querystring: TemplateListQuery, response: { 200: ListEnvelope(ComparisonTemplate) } } },
    async (req) => {
      const { items, server_time } = await comparisonTemplates.list(
        req.user.id,
        req.query.farm_id,
        req.query.since,
      );
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/comparisonTemplate',
    { schema: { tags, body: AddTemplateBody, response: { 201: Envelope(ComparisonTemplate) } } },
    async (req, reply) => {
      const template = await comparisonTemplates.add(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data: template });
    },
  );

  api.put(
    '/comparisonTemplate/:id/update',
    {
      schema: {
        tags,
        params: IdParams,
        body: UpdateTemplateBody,
        response: { 200: Envelope(ComparisonTemplate) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await comparisonTemplates.update(req.user.id, req.params.id, req.body, req.headers),
    }),
  );

  api.delete(
    '/comparisonTemplate/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await comparisonTemplates.remove(req.user.id, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
