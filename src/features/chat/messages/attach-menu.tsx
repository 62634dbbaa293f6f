import '../register-locales.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachIcon, FileIcon, ImageIcon, VideoIcon } from '../chat-icons.ts';

export type AttachKind = 'image' | 'video' | 'file';

const ACCEPT: Record<AttachKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/webm',
  file: '.pdf,.txt,.csv,.xlsx,.docx,.zip,audio/*,application/pdf,text/plain,text/csv',
};

/** Attach menu (seed 001 §2): video, image, file; each opens the device's file picker. */
export function AttachMenu({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (kind: AttachKind, file: File) => void;
}) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const inputs = useRef<Partial<Record<AttachKind, HTMLInputElement | null>>>({});
  const kinds: { kind: AttachKind; Icon: typeof ImageIcon }[] = [
    { kind: 'image', Icon: ImageIcon },
    { kind: 'video', Icon: VideoIcon },
    { kind: 'file', Icon: FileIcon },
  ];
  return (
    <div className="chat-attach">
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        title={t('composer.attach')}
      >
        <AttachIcon />
        <span className="visually-hidden">{t('composer.attach')}</span>
      </button>
      {open && !disabled && (
        <ul className="chat-menu chat-attach__menu">
          {kinds.map(({ kind, Icon }) => (
            <li key={kind}>
              <button type="button" className="chat-menu__item" onClick={() => inputs.current[kind]?.click()}>
                <Icon size={20} />
                {t(`composer.${kind}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {kinds.map(({ kind }) => (
        <input
          key={kind}
          ref={(el) => {
            inputs.current[kind] = el;
          }}
          type="file"
          hidden
          accept={ACCEPT[kind]}
          data-attach={kind}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            setOpen(false);
            if (file) onPick(kind, file);
          }}
        />
      ))}
    </div>
  );
}
