import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from './icons.tsx';
import { MediaImage } from './media-image.tsx';
import './photo-picker.css';

/**
 * Photos of one record: thumbnails with their upload state in words, "take a photo"
 * (camera), "choose from gallery", and remove. A picked photo is resized on the device
 * (long side ≤ 1600 px, JPEG: src/local/photo-resize.ts, loaded only when a photo is
 * picked) and handed to `onAdd`; where it is kept is the caller's business (a form keeps
 * it until its save, `useRecordPhotos` stores it at once). A photo shows from the server
 * URL once uploaded, from its Blob before (an object URL, revoked when no longer shown).
 */

export type PickerPhotoStatus = 'new' | 'pending' | 'uploading' | 'uploaded' | 'failed';

export interface PickerPhoto {
  id: string;
  status: PickerPhotoStatus;
  url?: string | null;
  blob?: Blob;
  error?: string;
}

export interface PickedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

interface Props {
  photos: PickerPhoto[];
  onAdd?: (photos: PickedPhoto[]) => void | Promise<void>;
  onRemove?: (id: string) => void | Promise<void>;
  /** At most this many photos per record. */
  max?: number;
  label?: string;
  /** Read-only: thumbnails and states only. */
  readOnly?: boolean;
}

export const MAX_PHOTOS = 6;

function useObjectUrl(blob: Blob | undefined, skip: boolean): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob || skip) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob, skip]);
  return url;
}

function Thumb({
  photo,
  index,
  onRemove,
}: {
  photo: PickerPhoto;
  index: number;
  onRemove?: (id: string) => void;
}) {
  const { t } = useTranslation('ui');
  const fromServer = photo.status === 'uploaded' && !!photo.url;
  const local = useObjectUrl(photo.blob, fromServer);
  const src = fromServer ? (photo.url as string) : local;
  return (
    <li className="photo-picker__item" data-photo-id={photo.id} data-photo-status={photo.status}>
      {src ? (
        <MediaImage
          className="photo-picker__img"
          src={src}
          small={fromServer}
          alt={t('photos.alt', { n: index + 1 })}
          data-source={fromServer ? 'server' : 'device'}
        />
      ) : (
        <span className="photo-picker__img" role="img" aria-label={t('photos.alt', { n: index + 1 })} />
      )}
      <span className={`photo-picker__state photo-picker__state--${photo.status}`}>
        {photo.status === 'failed'
          ? t('photos.failed', { reason: photo.error ?? '' })
          : t(`photos.status.${photo.status}`)}
      </span>
      {onRemove && (
        <button
          type="button"
          className="photo-picker__remove"
          aria-label={t('photos.remove', { n: index + 1 })}
          onClick={() => onRemove(photo.id)}
        >
          <CloseIcon />
        </button>
      )}
    </li>
  );
}

export function PhotoPicker({ photos, onAdd, onRemove, max = MAX_PHOTOS, label, readOnly }: Props) {
  const { t } = useTranslation('ui');
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const room = max - photos.length;

  async function pick(input: HTMLInputElement | null) {
    const files = [...(input?.files ?? [])].slice(0, Math.max(0, room));
    if (input) input.value = '';
    if (files.length === 0 || !onAdd) return;
    setBusy(true);
    setError(undefined);
    try {
      const { resizePhoto, NotAnImageError } = await import('./photo-resize.ts');
      const picked: PickedPhoto[] = [];
      let refused = 0;
      for (const file of files) {
        try {
          picked.push(await resizePhoto(file));
        } catch (e) {
          if (!(e instanceof NotAnImageError)) throw e;
          refused++;
        }
      }
      if (refused > 0) setError(t('photos.notImage'));
      if (picked.length > 0) await onAdd(picked);
    } catch {
      setError(t('photos.readFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (readOnly && photos.length === 0) return null;
  return (
    <fieldset className="photo-picker">
      <legend className="photo-picker__label">{label ?? t('photos.label')}</legend>
      {photos.length > 0 && (
        <ul className="photo-picker__list">
          {photos.map((p, i) => (
            <Thumb key={p.id} photo={p} index={i} onRemove={readOnly ? undefined : onRemove} />
          ))}
        </ul>
      )}
      {!readOnly && onAdd && (
        <div className="photo-picker__actions">
          <input
            ref={camera}
            id={`${id}-camera`}
            className="photo-picker__file"
            type="file"
            accept="image/*"
            capture="environment"
            tabIndex={-1}
            aria-label={t('photos.take')}
            onChange={(e) => void pick(e.currentTarget)}
            data-testid="photo-camera-input"
          />
          <input
            ref={gallery}
            id={`${id}-gallery`}
            className="photo-picker__file"
            type="file"
            accept="image/*"
            multiple
            tabIndex={-1}
            aria-label={t('photos.choose')}
            onChange={(e) => void pick(e.currentTarget)}
            data-testid="photo-gallery-input"
          />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy || room <= 0}
            onClick={() => camera.current?.click()}
          >
            <PlusIcon width={18} height={18} /> {t('photos.take')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy || room <= 0}
            onClick={() => gallery.current?.click()}
          >
            {t('photos.choose')}
          </button>
          {busy && <span role="status">{t('photos.processing')}</span>}
          {room <= 0 && <span className="photo-picker__state">{t('photos.full', { max })}</span>}
        </div>
      )}
      {error && (
        <p className="photo-picker__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
