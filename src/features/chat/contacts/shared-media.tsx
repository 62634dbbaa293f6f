import '../register-locales.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaImage } from '#components/media-image';
import type { Message } from '#shared/chat/entities';
import { PAGE_SIZES } from '#shared/chat/rest';
import { FileIcon } from '../chat-icons.ts';
import type { ChatClient, Target } from '../client/chat-client.ts';

type Media = 'photos' | 'videos' | 'documents';
const KINDS: Media[] = ['photos', 'videos', 'documents'];

const urlOf = (m: Message) => m.data.url ?? m.data.attachments?.[0]?.url;
const nameOf = (m: Message) => m.data.attachments?.[0]?.name ?? m.text ?? '';

/** Shared media of a conversation (seed 001 §2): photos, videos, documents, 10 a page. */
export function SharedMedia({ client, target }: { client: ChatClient; target: Target }) {
  const { t } = useTranslation('chat');
  const [kind, setKind] = useState<Media>('photos');
  const [items, setItems] = useState<Message[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const { receiver_type, receiver } = target;

  const load = useCallback(
    (before?: string) =>
      client
        .history({ receiver_type, receiver, media: kind, limit: PAGE_SIZES.media, before })
        .then((page) => {
          setHasMore(page.length >= PAGE_SIZES.media);
          return page.filter((m) => !m.deleted_at);
        }),
    [client, receiver_type, receiver, kind],
  );

  useEffect(() => {
    let live = true;
    setItems(null);
    load().then(
      (page) => live && setItems([...page].reverse()),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [load]);

  const more = () => {
    const oldest = items?.[items.length - 1];
    if (oldest)
      void load(oldest.id).then((page) => setItems((cur) => [...(cur ?? []), ...[...page].reverse()]));
  };

  return (
    <section className="chat-details__section">
      <h3 className="chat-details__heading">{t('details.media')}</h3>
      <div className="chat-segments" role="tablist">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className="chat-segment"
            onClick={() => setKind(k)}
          >
            {t(`details.${k}`)}
          </button>
        ))}
      </div>
      {items === null ? (
        <p className="muted">{t('details.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('details.noRecords')}</p>
      ) : (
        <ul className={`chat-media-grid chat-media-grid--${kind}`}>
          {items.map((m) => {
            const url = urlOf(m);
            if (!url) return null;
            return (
              <li key={m.id}>
                {kind === 'photos' && (
                  <a href={url} target="_blank" rel="noreferrer">
                    <MediaImage src={url} small alt={nameOf(m)} loading="lazy" />
                  </a>
                )}
                {kind === 'videos' && (
                  // biome-ignore lint/a11y/useMediaCaption: farm staff videos carry no caption track
                  <video src={url} controls preload="metadata" />
                )}
                {kind === 'documents' && (
                  <a className="chat-file" href={url} download={nameOf(m) || true}>
                    <FileIcon size={18} />
                    <span className="chat-file__name">{nameOf(m)}</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && items && items.length > 0 && (
        <button type="button" className="button button--small button--secondary" onClick={more}>
          {t('details.loadMore')}
        </button>
      )}
    </section>
  );
}
