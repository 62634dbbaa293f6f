import '../register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#local/api-client';
import type { LinkPreview } from '#shared/chat/rest';

/** The first http(s) link of a message's text, without the sentence's closing punctuation. Pure. */
export function firstLink(text: string | null | undefined): string | null {
  const found = /\bhttps?:\/\/[^\s<>"'`]+/i.exec(text ?? '')?.[0];
  return found ? found.replace(/[.,;:!?)\]}]+$/, '') : null;
}

const asked = new Map<string, Promise<LinkPreview | null>>();

/** One ask per link and page visit; any failure is "no preview". */
function previewOf(url: string): Promise<LinkPreview | null> {
  let preview = asked.get(url);
  if (!preview) {
    preview = api.get<LinkPreview | null>('/chat/link-preview', { url }).catch(() => null);
    asked.set(url, preview);
  }
  return preview;
}

/**
 * Seed 001 §9: a link in a message shows its page's preview (title, description, site),
 * at most 400 px wide, fetched by the server (`GET /api/chat/link-preview`, safe fetch). A
 * link with no preview shows nothing more; nothing is said of the failure.
 */
export function LinkPreviewCard({ url }: { url: string }) {
  const { t } = useTranslation('chat');
  const [preview, setPreview] = useState<LinkPreview | null>(null);
  useEffect(() => {
    let live = true;
    setPreview(null);
    void previewOf(url).then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [url]);
  if (!preview) return null;
  return (
    <a
      className="chat-link-preview"
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={t('bubble.linkPreview', { title: preview.title })}
      data-testid="chat-link-preview"
    >
      {preview.site_name && <span className="chat-link-preview__site">{preview.site_name}</span>}
      <span className="chat-link-preview__title">{preview.title}</span>
      {preview.description && <span className="chat-link-preview__text">{preview.description}</span>}
    </a>
  );
}
