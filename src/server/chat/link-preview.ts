import type { LinkPreview } from '#shared/chat/rest';
import { type SafeFetchOptions, safeFetchHtml } from './safe-fetch.ts';

/** How long an answer (a preview or none) is kept, and how many. */
const KEEP_MS = 15 * 60_000;
const KEEP_MAX = 500;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, n: string) => {
      const code = Number.parseInt(n, hex ? 16 : 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    })
    .replace(/&([a-z]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all);
}

const clean = (text: string | undefined, max: number): string | null => {
  const plain = decode(text ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain ? (plain.length > max ? `${plain.slice(0, max - 1)}…` : plain) : null;
};

/** The Open Graph and plain `<meta>`/`<title>` fields of a page's head. Pure. */
export function previewOf(url: string, html: string): LinkPreview | null {
  const head = html.slice(0, 200_000);
  const meta = new Map<string, string>();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(2)
        .find((v) => v !== undefined);
    const key = (attr('property') ?? attr('name'))?.toLowerCase();
    const content = attr('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const title = clean(
    meta.get('og:title') ?? meta.get('twitter:title') ?? /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1],
    200,
  );
  if (!title) return null;
  return {
    url,
    title,
    description: clean(
      meta.get('og:description') ?? meta.get('description') ?? meta.get('twitter:description'),
      300,
    ),
    site_name: clean(meta.get('og:site_name'), 100) ?? new URL(url).hostname,
  };
}

/**
 * Link previews for chat messages (seed 001 §9): the page fetched by the server through
 * the safe fetch, its title and description kept a while for everyone who sees the link.
 * Anything that goes wrong is "no preview", never an error.
 */
export class LinkPreviews {
  private readonly kept = new Map<string, { at: number; preview: Promise<LinkPreview | null> }>();

  constructor(
    private readonly fetchOptions: SafeFetchOptions = {},
    private readonly now: () => number = Date.now,
  ) {}

  preview(url: string): Promise<LinkPreview | null> {
    const hit = this.kept.get(url);
    if (hit && this.now() - hit.at < KEEP_MS) return hit.preview;
    const preview = safeFetchHtml(url, this.fetchOptions).then(
      (page) => previewOf(page.url, page.html),
      () => null,
    );
    this.kept.delete(url);
    this.kept.set(url, { at: this.now(), preview });
    if (this.kept.size > KEEP_MAX) this.kept.delete(this.kept.keys().next().value as string);
    return preview;
  }
}
