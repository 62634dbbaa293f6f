// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_URL, supportUrl } from './help-button.tsx';

function withMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'tambak-support-url';
  meta.content = content;
  document.head.append(meta);
}

describe('the support link', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  });

  it("is the one the server wrote into the page's HTML", () => {
    withMeta('https://wa.me/62899');
    expect(supportUrl()).toBe('https://wa.me/62899');
  });

  it('falls back to the default without the tag or with something that is not a web address', () => {
    expect(supportUrl()).toBe(DEFAULT_SUPPORT_URL);
    withMeta('javascript:alert(1)');
    expect(supportUrl()).toBe(DEFAULT_SUPPORT_URL);
  });
});
