import { describe, expect, it } from 'vitest';
import { parseStack, scrubError, scrubText } from './scrub.ts';

describe('scrubText: no personal data, no record values, no tokens', () => {
  it.each([
    ['Cannot reach budi.santoso@example.co.id', 'Cannot reach [email]'],
    ['Call +62 812-3456-7890 now', 'Call [phone] now'],
    ['auth Bearer abc.def.ghi failed', 'auth Bearer [token] failed'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig expired', 'jwt [token] expired'],
    ['key tmb_3f9a8b7c6d5e4f3a2b1c0d9e8f7a failed', 'key [token] failed'],
    ['pond 0193a7c2-1f2e-7abc-8def-0123456789ab missing', 'pond [id] missing'],
    [
      'GET https://tambak.example/api/pond/0193a7c2-1f2e-7abc-8def-0123456789ab?token=secret failed',
      'GET /api/pond/[id] failed',
    ],
    ['Invalid value "Kolam Pak Budi" for name', 'Invalid value "…" for name'],
    ['pH 7.85 out of range, weight 12500', 'pH [n] out of range, weight [n]'],
    ['Request failed with status 404 after 3 tries', 'Request failed with status 404 after 3 tries'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('replaces what cannot be stored and cuts long messages', () => {
    expect(scrubText('a\u0000b\ud800c')).toBe('a\ufffdb\ufffdc');
    expect(scrubText('x '.repeat(2000))).toHaveLength(1000);
  });
});

describe('parseStack', () => {
  it('reads Chromium frames: path only, no origin or query', () => {
    const stack = [
      'Error: boom',
      '    at Thrower (https://tambak.example/assets/error-list-screen-Ab12Cd.js?v=1:1:2345)',
      '    at async https://tambak.example/assets/index-Zx98.js:12:34',
      '    at renderWithHooks (https://tambak.example/assets/react-Qq.js:3:9)',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { fn: 'Thrower', file: '/assets/error-list-screen-Ab12Cd.js', line: 1, col: 2345 },
      { fn: '', file: '/assets/index-Zx98.js', line: 12, col: 34 },
      { fn: 'renderWithHooks', file: '/assets/react-Qq.js', line: 3, col: 9 },
    ]);
  });

  it('reads Firefox and Safari frames', () => {
    expect(
      parseStack(
        'Thrower@https://tambak.example/assets/a-1.js:1:20\n@https://tambak.example/assets/b.js:2:3',
      ),
    ).toEqual([
      { fn: 'Thrower', file: '/assets/a-1.js', line: 1, col: 20 },
      { fn: '', file: '/assets/b.js', line: 2, col: 3 },
    ]);
  });

  it('keeps at most 30 frames and nothing of an absent stack', () => {
    expect(parseStack(undefined)).toEqual([]);
    expect(
      parseStack(Array.from({ length: 50 }, () => '    at f (https://h/assets/a.js:1:1)').join('\n')),
    ).toHaveLength(30);
  });
});

describe('scrubError', () => {
  it('keeps the name, scrubs the message, parses the stack', () => {
    const error = new TypeError('Cannot read "Kolam 1" of undefined for ani@example.com');
    error.stack = 'TypeError: x\n    at f (https://h.example/assets/a-1.js:1:2)';
    expect(scrubError('error', error)).toEqual({
      kind: 'error',
      name: 'TypeError',
      message: 'Cannot read "…" of undefined for [email]',
      frames: [{ fn: 'f', file: '/assets/a-1.js', line: 1, col: 2 }],
    });
  });

  it('never sends the content of a thrown object', () => {
    expect(scrubError('rejection', { password: 'rahasia' }).message).toBe('Non-Error thrown: object');
    expect(scrubError('rejection', undefined).message).toBe('Non-Error thrown: undefined');
    expect(scrubError('error', 'Script error.').message).toBe('Script error.');
  });
});
