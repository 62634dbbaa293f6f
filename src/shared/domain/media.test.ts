import { describe, expect, it } from 'vitest';
import { afterImageError, retriedImageUrl, smallImageUrl } from './media.ts';

describe('upload image URLs', () => {
  it('asks an upload for its small thumbnail, and leaves device Blobs and other sites alone', () => {
    expect(smallImageUrl('/api/files/abc')).toBe('/api/files/abc?size=small');
    expect(smallImageUrl('/api/files/abc?size=small')).toBe('/api/files/abc?size=small');
    expect(smallImageUrl('blob:http://x/1')).toBe('blob:http://x/1');
    expect(smallImageUrl('https://cdn.example/img.png')).toBe('https://cdn.example/img.png');
    expect(retriedImageUrl('/api/files/abc?size=small')).toBe('/api/files/abc?size=small&retry=1');
    expect(retriedImageUrl('/api/files/abc')).toBe('/api/files/abc?retry=1');
  });

  it('asks a 403 again after 800 ms, a blip at once, and gives up on anything else', () => {
    expect(afterImageError(403)).toEqual({ retryIn: 800 });
    expect(afterImageError(200)).toEqual({ retryIn: 0 });
    expect(afterImageError(404)).toBe('broken');
    expect(afterImageError(0)).toBe('broken');
  });
});
