import {
  AttentionBoard,
  AttentionQuery,
  AttentionSettings,
  SaveAttentionSettingsBody,
} from '#shared/contracts/attention';
import { Envelope } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

const tags = ['attention'];

/** HTTP only: the attention board of a farm and its thresholds (ADR 0038). */
export function attentionRoutes(api: Api, ctx: AppContext): void {
  const { attention } = ctx;

  api.get(
    '/attention',
    {
      schema: {
        tags,
        description:
          'What needs a person on the farm today, ranked (read online; only what the caller may see).',
        querystring: AttentionQuery,
        response: { 200: Envelope(AttentionBoard) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await attention.board(req.user.id, req.query.farm_id, req.lang),
    }),
  );

  api.get(
    '/attentionSetting',
    { schema: { tags, querystring: AttentionQuery, response: { 200: Envelope(AttentionSettings) } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await attention.settings(req.user.id, req.query.farm_id),
    }),
  );

  api.put(
    '/attentionSetting',
    { schema: { tags, body: SaveAttentionSettingsBody, response: { 200: Envelope(AttentionSettings) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await attention.save(req.user.id, req.body),
    }),
  );
}
