import { type Static, Type } from 'typebox';
import { Uuid } from './envelope.ts';

/**
 * Larvae counting from a photo (issue 19): `POST /api/cv/upload` stores the photo,
 * `POST /api/stock/count-pl` queues a count (202 with the job id), `GET
 * /api/stock/count-pl/:id` answers its progress and result.
 */
export const HatchColorSchema = Type.Union([Type.Literal('bright'), Type.Literal('dark')]);

export const FarmQuery = Type.Object({ farm_id: Uuid });

export const CvUpload = Type.Object({
  upload_id: Type.String(),
  url: Type.String(),
  mime_type: Type.String(),
  size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type CvUpload = Static<typeof CvUpload>;

export const CountPlBody = Type.Object({
  farm_id: Uuid,
  /** The id `POST /api/cv/upload` answered, or its `url` as image_url (only this server's files). */
  upload_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  image_url: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  hatch_color: HatchColorSchema,
});
export type CountPlBody = Static<typeof CountPlBody>;

export const LarvaeProblemSchema = Type.Union([
  Type.Literal('no-larvae'),
  Type.Literal('too-dark'),
  Type.Literal('too-bright'),
  Type.Literal('not-a-tray'),
  Type.Literal('image-too-small'),
  Type.Literal('image-unreadable'),
  Type.Literal('count-failed'),
]);

export const CountPlJob = Type.Object({
  id: Uuid,
  farm_id: Uuid,
  upload_url: Type.String(),
  hatch_color: HatchColorSchema,
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  progress: Type.Integer(),
  count: Type.Union([Type.Integer(), Type.Null()]),
  lower: Type.Union([Type.Integer(), Type.Null()]),
  upper: Type.Union([Type.Integer(), Type.Null()]),
  /** Every larva found, [x, y] in the photo's pixels. */
  marks: Type.Union([Type.Array(Type.Array(Type.Number())), Type.Null()]),
  problem: Type.Union([LarvaeProblemSchema, Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CountPlJob = Static<typeof CountPlJob>;
