import { Type } from 'typebox';
import { CreatedEmbedLink, CreateEmbedLinkBody, EmbedLink, EmbedLinkQuery } from '#shared/contracts/embed';
import { Envelope, IdParams } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

const tags = ['embed'];

/** HTTP only: a farm's embed links (ADR 0062); owners and managers. */
export function embedRoutes(api: Api, ctx: AppContext): void {
  const { embedLinks } = ctx;

  api.post(
    '/embedLink',
    {
      schema: {
        tags,
        summary:
          'Make an embed link for embeddable screens of a farm: read-only, expires (30 days unless said); the token is answered this once',
        body: CreateEmbedLinkBody,
        response: { 201: Envelope(CreatedEmbedLink) },
      },
    },
    async (req, reply) => {
      const data = await embedLinks.create(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data });
    },
  );

  api.get(
    '/embedLink',
    {
      schema: {
        tags,
        summary: 'The farm’s embed links, newest first: who made them, when, last used, expiry, state',
        querystring: EmbedLinkQuery,
        response: { 200: Envelope(Type.Array(EmbedLink)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await embedLinks.list(req.user.id, req.query.farm_id),
    }),
  );

  api.post(
    '/embedLink/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an embed link: it stops working at once',
        params: IdParams,
        response: { 200: Envelope(EmbedLink) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await embedLinks.revoke(req.user.id, req.params.id),
    }),
  );
}
