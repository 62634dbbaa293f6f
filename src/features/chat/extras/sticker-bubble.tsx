import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/chat/entities';
import type { StickerData } from './sticker-sets.ts';
import './extras.css';

/** A sticker message: the image at most 128 px, no bubble; its name if the image fails. */
export function StickerBubble({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useTranslation('chatExtras');
  const data = (message.data.customData ?? {}) as StickerData;
  const [broken, setBroken] = useState(false);
  const label = t('stickers.sticker', { name: data.sticker_name ?? '' });
  if (!data.sticker_url || broken) {
    return (
      <span className={`sticker-bubble sticker-bubble--text${mine ? ' sticker-bubble--mine' : ''}`}>
        {label}
      </span>
    );
  }
  return (
    <img
      className={`sticker-bubble${mine ? ' sticker-bubble--mine' : ''}`}
      src={data.sticker_url}
      alt={label}
      width={128}
      height={128}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
