import '../register-locales.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaImage } from '#components/media-image';
import { CloseIcon } from '../chat-icons.ts';

/** Full-size image viewer over the chat (seed 001 §2 overlays); Escape or the close button leaves. */
export function ImageViewer({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-label={t('viewer.title')}>
      <button type="button" className="icon-button chat-viewer__close" onClick={onClose}>
        <CloseIcon />
        <span className="visually-hidden">{t('viewer.close')}</span>
      </button>
      <MediaImage src={url} alt={alt} />
    </div>
  );
}
