import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaImage } from '#components/media-image';
import type { Message } from '#shared/chat/entities';
import { FileIcon, ImageIcon } from '../chat-icons.ts';
import { PollSlot, StickerSlot } from './extras-slots.tsx';
import { firstLink, LinkPreviewCard } from './link-preview.tsx';
import { fileSize } from './message-text.ts';

interface ContentProps {
  message: Message;
  mine: boolean;
  onOpenImage: (url: string, alt: string) => void;
}

function mediaOf(m: Message) {
  const first = m.data.attachments?.[0];
  return {
    url: m.data.url ?? first?.url,
    name: first?.name ?? m.text ?? '',
    size: first?.size,
  };
}

function ImageContent({ url, alt, onOpen }: { url: string; alt: string; onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className="chat-image chat-image--broken" role="img" aria-label={t('bubble.imageBroken')}>
        <ImageIcon size={40} />
        <span>{t('bubble.imageBroken')}</span>
      </span>
    );
  }
  return (
    <button type="button" className="chat-image" onClick={onOpen} aria-label={t('bubble.openImage')}>
      <MediaImage
        src={url}
        small
        alt={alt}
        width={300}
        height={200}
        loading="lazy"
        onBroken={() => setBroken(true)}
      />
    </button>
  );
}

/** What a bubble shows, by message type (seed 001 §2 "Message bubbles"). */
export function BubbleContent({ message: m, mine, onOpenImage }: ContentProps) {
  const { t, i18n } = useTranslation('chat');
  if (m.deleted_at) {
    return <p className="chat-bubble__deleted">{t(mine ? 'bubble.deletedMine' : 'bubble.deletedOther')}</p>;
  }
  const media = mediaOf(m);
  const caption = m.data.caption;
  switch (m.type) {
    case 'image':
      if (!media.url) return null;
      return (
        <>
          <ImageContent
            url={media.url}
            alt={caption ?? media.name}
            onOpen={() => onOpenImage(media.url as string, media.name)}
          />
          {caption && <p className="chat-bubble__caption">{caption}</p>}
        </>
      );
    case 'video':
      if (!media.url) return null;
      return (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: farm staff videos carry no caption track */}
          <video className="chat-media" src={media.url} controls preload="metadata" />
          {caption && <p className="chat-bubble__caption">{caption}</p>}
        </>
      );
    case 'audio':
      if (!media.url) return null;
      return (
        // biome-ignore lint/a11y/useMediaCaption: voice notes have no caption track
        <audio className="chat-media" src={media.url} controls preload="metadata" />
      );
    case 'file':
      if (!media.url) return null;
      return (
        <a className="chat-file" href={media.url} download={media.name || true}>
          <FileIcon />
          <span className="chat-file__text">
            <span className="chat-file__name">{media.name}</span>
            <span className="chat-file__size">
              {fileSize(media.size, i18n.language)} · {t('bubble.download')}
            </span>
          </span>
        </a>
      );
    case 'sticker':
      return <StickerSlot message={m} mine={mine} />;
    case 'poll':
      return <PollSlot message={m} mine={mine} />;
    default: {
      const link = firstLink(m.text);
      return (
        <>
          <p className="chat-bubble__text">
            {m.text}
            {m.edited_at && <span className="chat-bubble__edited"> ({t('bubble.edited')})</span>}
          </p>
          {link && <LinkPreviewCard url={link} />}
        </>
      );
    }
  }
}
