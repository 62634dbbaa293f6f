import sharp from 'sharp';

/**
 * A JPEG made for a test: a gradient of `width`×`height` pixels whose colours follow
 * `seed`, so two photos of one test differ. A phone camera's size (2400×1800) makes the
 * device shrink it; a small one uploads fast.
 */
export function testJpeg(width: number, height: number, seed = 0, quality = 80): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    const x = p % width;
    const y = Math.floor(p / width);
    raw[i] = 40 + ((x + seed * 40) % 120);
    raw[i + 1] = 90 + ((y + x / 3) % 100);
    raw[i + 2] = 110 + ((seed * 30) % 100);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
