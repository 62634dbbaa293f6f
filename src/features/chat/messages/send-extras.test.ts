import { describe, expect, it } from 'vitest';
import { firstLink } from './link-preview.tsx';
import { shouldPlaySendSound } from './send-sound.ts';

describe('a message link (seed 001 §9)', () => {
  it('is the first http(s) URL, without the closing punctuation of the sentence', () => {
    expect(firstLink('Lihat https://info.example/harga?x=1, lalu https://b.example')).toBe(
      'https://info.example/harga?x=1',
    );
    expect(firstLink('(http://a.example/p).')).toBe('http://a.example/p');
    expect(firstLink('ftp://a.example javascript:alert(1)')).toBeNull();
    expect(firstLink(null)).toBeNull();
  });
});

describe('the send sound (seed 001 §9)', () => {
  it('plays only when on and the page is seen', () => {
    expect(shouldPlaySendSound(true, 'visible')).toBe(true);
    expect(shouldPlaySendSound(false, 'visible')).toBe(false);
    expect(shouldPlaySendSound(true, 'hidden')).toBe(false);
  });
});
