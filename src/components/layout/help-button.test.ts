// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_URL, knownSupportUrl } from './help-button.tsx';

function withMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'tambak-support-url';
  meta.content = content;
  document.head.append(meta);
}

describe('the support link before any request', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
    localStorage.clear();
  });

  it("is the one the server wrote into the page's HTML, and is remembered", () => {
    withMeta('https://wa.me/62899');
    expect(knownSupportUrl()).toEqual({ url: 'https://wa.me/62899', fromHtml: true });
    expect(localStorage.getItem('tambak:support-url')).toBe('https://wa.me/62899');
  });

  it('on a page from the service worker (no tag) is the remembered one, else the default', () => {
    expect(knownSupportUrl()).toEqual({ url: DEFAULT_SUPPORT_URL, fromHtml: false });
    localStorage.setItem('tambak:support-url', 'https://wa.me/62877');
    expect(knownSupportUrl()).toEqual({ url: 'https://wa.me/62877', fromHtml: false });
  });

  it('ignores anything that is not a web address', () => {
    withMeta('javascript:alert(1)');
    localStorage.setItem('tambak:support-url', 'javascript:alert(2)');
    expect(knownSupportUrl()).toEqual({ url: DEFAULT_SUPPORT_URL, fromHtml: false });
  });
});
