import { type TSchema, Type } from 'typebox';
import { BulkBody, BulkItemId, BulkResult } from '#shared/contracts/bulk';
import { Envelope, IdParams, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import {
  Anco,
  AncoUpdateBody,
  Disease,
  DiseaseInput,
  DiseaseUpdateBody,
  MASTER_DISEASES,
  MasterDiseaseSchema,
  Note,
  NoteInput,
  NoteUpdateBody,
  RecordQuery,
  WaterChange,
  WaterChangeUpdateBody,
} from '#shared/contracts/records';
import type { Api, AppContext } from '../../types.ts';
import { ANCO, DISEASE, NOTE, type RecordType, WATER_CHANGE } from './record-types.ts';

// Bulk routes check only the batch shape and item ids: each item is validated in the
// service so one bad item fails alone (src/shared/contracts/bulk.ts).
const LooseBulk = BulkBody(BulkItemId);

interface Shapes {
  type: RecordType;
  path: string;
  row: TSchema;
  update: TSchema;
  /** Single create body (notes, diseases) or bulk (anco, water change). */
  create: TSchema | 'bulk';
}

/** HTTP only: the four daily pond records (seed 000 §7) plus the disease master list. */
export function recordsRoutes(api: Api, ctx: AppContext): void {
  const shapes: Shapes[] = [
    { type: ANCO, path: '/anco', row: Anco, update: AncoUpdateBody, create: 'bulk' },
    {
      type: WATER_CHANGE,
      path: '/waterChange',
      row: WaterChange,
      update: WaterChangeUpdateBody,
      create: 'bulk',
    },
    { type: NOTE, path: '/note', row: Note, update: NoteUpdateBody, create: NoteInput },
    { type: DISEASE, path: '/disease', row: Disease, update: DiseaseUpdateBody, create: DiseaseInput },
  ];
  for (const s of shapes) recordRoutes(api, ctx, s);

  api.get(
    '/master/disease',
    {
      schema: {
        tags: ['disease'],
        description:
          'The master list of shrimp diseases with their signs (static; src/shared/domain/diseases.ts).',
        response: { 200: Envelope(Type.Array(MasterDiseaseSchema)) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: [...MASTER_DISEASES] }),
  );
}

function recordRoutes(api: Api, ctx: AppContext, s: Shapes): void {
  const { records } = ctx;
  const tags = [s.type.name];

  api.get(
    s.path,
    { schema: { tags, querystring: RecordQuery, response: { 200: ListEnvelope(s.row) } } },
    async (req) => {
      const { items, server_time } = await records.list(req.user.id, s.type, req.query);
      return { message: req.t('server.ok'), data: items as never, server_time };
    },
  );

  if (s.create === 'bulk') {
    api.post(
      `${s.path}/bulk`,
      {
        schema: {
          tags,
          description: 'Idempotent create by device id; one result per item, in order.',
          body: LooseBulk,
          response: { 200: Envelope(BulkResult) },
        },
      },
      async (req) => ({
        message: req.t('server.ok'),
        data: await records.bulk(req.user.id, s.type, req.body.items as Record<string, unknown>[], req.lang),
      }),
    );
  } else {
    api.post(
      s.path,
      {
        schema: {
          tags,
          description: 'Idempotent create by device id: a replay answers the stored record.',
          body: s.create,
          response: { 200: Envelope(s.row) },
        },
      },
      async (req) => ({
        message: req.t('server.created'),
        data: (await records.createOne(req.user.id, s.type, req.body as Record<string, unknown>)) as never,
      }),
    );
  }

  api.put(
    `${s.path}/:id/update`,
    { schema: { tags, params: IdParams, body: s.update, response: { 200: Envelope(s.row) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: (await records.update(
        req.user.id,
        s.type,
        req.params.id,
        req.body as Record<string, unknown>,
        req.headers,
      )) as never,
    }),
  );

  api.delete(
    `${s.path}/:id/delete`,
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (req) => {
      await records.remove(req.user.id, s.type, req.params.id);
      return { message: req.t('server.deleted'), data: null };
    },
  );
}
