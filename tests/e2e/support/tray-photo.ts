import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateTray } from '../../larvae/synthetic-tray.ts';

/** A generated tray photo (known count) written as a JPEG file to choose in the file picker. */
export async function trayPhoto(seed: number, count: number, hatchColor: 'bright' | 'dark'): Promise<string> {
  const photo = generateTray({ seed, count, hatchColor, width: 2000, height: 1500, bubbles: 5, debris: 20 });
  const dir = mkdtempSync(join(tmpdir(), 'tambak-larvae-'));
  const file = join(dir, `nampan-${seed}.jpg`);
  writeFileSync(
    file,
    await sharp(Buffer.from(photo.rgba.buffer), { raw: { width: 2000, height: 1500, channels: 4 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
  return file;
}
