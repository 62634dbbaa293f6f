import { v7 as uuidv7 } from 'uuid';
import type { App } from '../app.ts';

/** A real 4×3 JPEG (the server sniffs the content, so it must be one). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAMABAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APYKAP8A/9k=',
  'base64',
);
const BOUNDARY = 'tambak-photo-boundary';

/** The multipart body of `POST /api/photos`: text fields, then the JPEG. */
export function photoUpload(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return {
    url: '/api/photos',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** Attaches a photo to a record as `owner` (the authz seeds); its id. */
export async function seedPhoto(
  app: App,
  owner: { auth: Record<string, string> },
  recordType: string,
  recordId: string,
): Promise<string> {
  const id = uuidv7();
  const upload = photoUpload({ id, record_type: recordType, record_id: recordId });
  const res = await app.inject({ method: 'POST', ...upload, headers: { ...owner.auth, ...upload.headers } });
  if (res.statusCode !== 201) throw new Error(`${recordType} photo seed failed: ${res.body}`);
  return id;
}
