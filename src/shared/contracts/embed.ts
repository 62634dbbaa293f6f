import { type Static, Type } from 'typebox';
import { EMBED_MAX_DAYS, EMBED_SCREENS, type EmbedScreen } from '../domain/embed.ts';
import { Uuid } from './envelope.ts';

/**
 * Embed links of a farm (issue 29 point 1, ADR 0062): `POST /api/embedLink` makes one and
 * answers its token once, `GET /api/embedLink?farm_id=` lists them, `POST
 * /api/embedLink/:id/revoke` ends one. Owners and managers only.
 */
export const EmbedScreenSchema = Type.Unsafe<EmbedScreen>({ type: 'string', enum: [...EMBED_SCREENS] });

export const CreateEmbedLinkBody = Type.Object(
  {
    farm_id: Uuid,
    screens: Type.Array(EmbedScreenSchema, {
      minItems: 1,
      maxItems: EMBED_SCREENS.length,
      uniqueItems: true,
    }),
    /** Days until the link stops working; 30 when left out. */
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: EMBED_MAX_DAYS })),
    /** What the person calls it ("Pembeli udang", "Website tambak"). */
    label: Type.Optional(Type.String({ maxLength: 80 })),
  },
  { additionalProperties: false },
);
export type CreateEmbedLinkBody = Static<typeof CreateEmbedLinkBody>;

export const EmbedLinkQuery = Type.Object({ farm_id: Uuid });
export type EmbedLinkQuery = Static<typeof EmbedLinkQuery>;

export const EmbedLink = Type.Object({
  id: Uuid,
  farm_id: Uuid,
  screens: Type.Array(EmbedScreenSchema),
  label: Type.Union([Type.String(), Type.Null()]),
  created_by: Uuid,
  created_by_name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});
export type EmbedLink = Static<typeof EmbedLink>;

/** The answer of a create: the link and its raw token, shown this once (only a hash is stored). */
export const CreatedEmbedLink = Type.Object({ link: EmbedLink, token: Type.String() });
export type CreatedEmbedLink = Static<typeof CreatedEmbedLink>;
