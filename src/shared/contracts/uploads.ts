import { type Static, Type } from 'typebox';

/**
 * Answer of `POST /api/uploads`: `url` is a path under `/api/files/…` that <img>, <video>,
 * <audio> and <a download> load without an Authorization header (the URL itself is the
 * capability, docs/security.md "Uploads"); `mime_type` is the type sniffed from the content.
 */
export const UploadedFile = Type.Object({
  url: Type.String(),
  name: Type.String(),
  mime_type: Type.String(),
  size: Type.Integer(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/**
 * A photo a record or a profile points at: a file of this server's uploads (`/api/files/<id>`,
 * as `POST /api/uploads` answers it) or an https address (a sign-in provider's profile
 * picture). Anything else (a `javascript:` or `data:` address, plain text, an http address a
 * member's browser would fetch in the clear) is refused with a field message.
 */
export const PHOTO_REF_PATTERN = '^(/api/files/[0-9A-Za-z_-]{1,64}|https://[^\\s]{1,490})$';
export const PhotoRef = Type.String({ maxLength: 500, pattern: PHOTO_REF_PATTERN });

export const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/**
 * `size=small`: the small thumbnail of an image (seed 000 §9); `retry` is the app's second
 * ask of an image answered 403 (a new URL, so no cache answers it), ignored here.
 */
export const FileQuery = Type.Object({
  size: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('full')])),
  retry: Type.Optional(Type.String({ maxLength: 8 })),
});
export type FileQuery = Static<typeof FileQuery>;
