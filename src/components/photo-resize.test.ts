import { describe, expect, it } from 'vitest';
import {
  type CanvasLike,
  fitWithin,
  NotAnImageError,
  PHOTO_TYPE,
  type ResizeEnv,
  resizePhoto,
} from './photo-resize.ts';

function fakeEnv(width: number, height: number, fail = false) {
  const drawn: number[][] = [];
  const made: { type?: string; quality?: number; size?: number[] } = {};
  let closed = false;
  const env: ResizeEnv = {
    decode: async () => {
      if (fail) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return { width, height, close: () => (closed = true) };
    },
    canvas: (w, h): CanvasLike => {
      made.size = [w, h];
      return {
        getContext: () => ({ drawImage: (_img, x, y, dw, dh) => drawn.push([x, y, dw, dh]) }),
        toBlob: async (type, quality) => {
          Object.assign(made, { type, quality });
          return new Blob([new Uint8Array(10)], { type });
        },
      };
    },
  };
  return { env, drawn, made, closed: () => closed };
}

describe('fitWithin', () => {
  it('shrinks the long side to 1600 px keeping the ratio, never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(10_000, 3)).toEqual({ width: 1600, height: 1 });
  });
});

describe('resizePhoto', () => {
  it('draws a 12 MP photo at 1600×1200 and encodes a JPEG, closing the bitmap', async () => {
    const fake = fakeEnv(4000, 3000);
    const out = await resizePhoto(new Blob(['x']), fake.env);
    expect(out).toMatchObject({ width: 1600, height: 1200 });
    expect(out.blob.type).toBe(PHOTO_TYPE);
    expect(fake.made).toMatchObject({ size: [1600, 1200], type: 'image/jpeg', quality: 0.82 });
    expect(fake.drawn).toEqual([[0, 0, 1600, 1200]]);
    expect(fake.closed()).toBe(true);
  });

  it('refuses what the browser cannot decode as an image', async () => {
    await expect(resizePhoto(new Blob(['%PDF']), fakeEnv(0, 0, true).env)).rejects.toBeInstanceOf(
      NotAnImageError,
    );
    const empty = fakeEnv(0, 0);
    await expect(resizePhoto(new Blob(['x']), empty.env)).rejects.toBeInstanceOf(NotAnImageError);
    expect(empty.closed()).toBe(true);
  });
});
