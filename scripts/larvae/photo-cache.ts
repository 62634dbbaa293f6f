/**
 * The evaluation's photo cache (`npm run eval:larvae -- --cache=<folder>`): a generated
 * photo is kept as raw RGBA with its size in the name, so repeated runs while tuning cost
 * only the counting. The key holds the photo's name and the scale; delete the folder when
 * a generator changes.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LarvaeImage } from '../../src/shared/larvae/types.ts';

export async function cachedPhoto(
  folder: string | undefined,
  key: string,
  make: () => LarvaeImage | Promise<LarvaeImage>,
): Promise<LarvaeImage> {
  if (!folder) return make();
  mkdirSync(folder, { recursive: true });
  const hit = readdirSync(folder).find((f) => f.startsWith(`${key}__`));
  if (hit) {
    const [width, height] = hit
      .slice(key.length + 2, -'.rgba'.length)
      .split('x')
      .map(Number);
    const rgba = new Uint8Array(readFileSync(join(folder, hit)));
    return { rgba, width: width as number, height: height as number };
  }
  const photo = await make();
  const file = join(folder, `${key}__${photo.width}x${photo.height}.rgba`);
  if (!existsSync(file)) writeFileSync(file, photo.rgba);
  return photo;
}
