import '../register-locales.ts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#components/toast';
import type { MessageType } from '#shared/chat/entities';
import { CloseIcon, PollIcon, SendIcon, SmileIcon, StickerIcon } from '../chat-icons.ts';
import type { ChatClient, Target } from '../client/chat-client.ts';
import { AttachMenu } from './attach-menu.tsx';
import { EmojiSlot, LiveReactionButtonSlot, PollModalSlot, StickerKeyboardSlot } from './extras-slots.tsx';
import type { ListMessage } from './list-state.ts';
import type { Draft } from './use-sender.ts';
import { useTypingSignal } from './use-typing.ts';

interface ComposerProps {
  client: ChatClient;
  target: Target;
  send: (draft: Draft) => Promise<unknown>;
  editing: ListMessage | null;
  onCancelEdit: () => void;
  onEdited: (id: string, text: string) => void;
  /** 'me' when I blocked the partner, 'them' when they blocked me. */
  blocked: 'me' | 'them' | null;
  /** Thread composer: no polls, stickers or live reactions. */
  compact?: boolean;
}

const MIN_HEIGHT = 50;
const MAX_HEIGHT = 100;

function typeOfFile(file: File): MessageType {
  const kind = file.type.split('/')[0];
  if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
  return 'file';
}

type Picker = 'emoji' | 'sticker' | 'poll' | null;

/** Seed 001 §2 "Composer", §5 sending rules. */
export function Composer({
  client,
  target,
  send,
  editing,
  onCancelEdit,
  onEdited,
  blocked,
  compact,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const [text, setText] = useState('');
  const [picker, setPicker] = useState<Picker>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const typing = useTypingSignal(client, target);
  const disabled = blocked !== null;

  useEffect(() => {
    if (editing) {
      setText(editing.text ?? '');
      area.current?.focus();
    }
  }, [editing]);

  useEffect(() => {
    if (disabled) setPicker(null);
  }, [disabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  const submit = () => {
    const value = text.trim();
    if (!value || disabled) return;
    typing.end();
    setText('');
    if (editing) {
      const id = editing.id;
      onCancelEdit();
      onEdited(id, value);
      client.edit(id, value).catch((e: Error) => toast.error(e.message));
      return;
    }
    void send({ message_type: 'text', text: value });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const attach = async (file: File) => {
    setUploading(file.name);
    try {
      const up = await client.upload(file, file.name);
      const type = typeOfFile(file);
      await send({
        message_type: type,
        text: type === 'file' ? up.name : undefined,
        data: {
          url: up.url,
          attachments: [{ url: up.url, name: up.name, mime_type: up.mime_type, size: up.size }],
        },
      });
    } catch (e) {
      // The server's own translated refusal (too big, type not allowed); the typed text stays.
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(null);
    }
  };

  const toggle = (next: Picker) => setPicker((p) => (p === next ? null : next));

  return (
    <div className={`chat-composer${compact ? '' : ' chat-composer--full'}`}>
      {editing && (
        <div className="chat-composer__edit">
          <span className="chat-composer__edit-label">{t('composer.editing')}</span>
          <span className="chat-composer__edit-text">{editing.text}</span>
          <button
            type="button"
            className="icon-button"
            onClick={() => {
              onCancelEdit();
              setText('');
            }}
          >
            <CloseIcon size={18} />
            <span className="visually-hidden">{t('composer.cancelEdit')}</span>
          </button>
        </div>
      )}
      {blocked && (
        <p className="chat-composer__blocked" role="status">
          {t(blocked === 'me' ? 'composer.blockedByMe' : 'composer.blockedMe')}
        </p>
      )}
      {uploading && (
        <p className="chat-composer__uploading" role="status">
          {t('composer.uploading', { name: uploading })}
        </p>
      )}
      {picker === 'emoji' && (
        <EmojiSlot onPick={(emoji) => setText((v) => v + emoji)} onClose={() => setPicker(null)} />
      )}
      {picker === 'sticker' && (
        <StickerKeyboardSlot
          onPick={(s) => {
            setPicker(null);
            void send({
              category: 'custom',
              message_type: 'sticker',
              data: {
                customData: { sticker_url: s.sticker_url, sticker_name: s.sticker_name },
                metadata: { incrementUnreadCount: true },
              },
            });
          }}
          onClose={() => setPicker(null)}
        />
      )}
      {picker === 'poll' && <PollModalSlot target={target} onClose={() => setPicker(null)} />}
      <div className="chat-composer__row">
        <AttachMenu
          disabled={disabled || uploading !== null || editing !== null}
          onPick={(_, f) => void attach(f)}
        />
        <button
          type="button"
          className="icon-button"
          disabled={disabled}
          aria-pressed={picker === 'emoji'}
          onClick={() => toggle('emoji')}
          title={t('composer.emoji')}
        >
          <SmileIcon />
          <span className="visually-hidden">{t('composer.emoji')}</span>
        </button>
        <textarea
          ref={area}
          className="chat-composer__input"
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={text}
          rows={1}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) typing.start();
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.end}
        />
        {!compact && (
          <>
            <button
              type="button"
              className="icon-button chat-composer__extra"
              disabled={disabled}
              aria-pressed={picker === 'sticker'}
              onClick={() => toggle('sticker')}
              title={t('composer.sticker')}
            >
              <StickerIcon />
              <span className="visually-hidden">{t('composer.sticker')}</span>
            </button>
            <button
              type="button"
              className="icon-button chat-composer__extra"
              disabled={disabled}
              onClick={() => toggle('poll')}
              title={t('composer.poll')}
            >
              <PollIcon />
              <span className="visually-hidden">{t('composer.poll')}</span>
            </button>
          </>
        )}
        {!compact && !blocked && <LiveReactionButtonSlot target={target} disabled={disabled} />}
        <button
          type="button"
          className="icon-button chat-composer__send"
          disabled={disabled || !text.trim()}
          onClick={submit}
        >
          <SendIcon />
          <span className="visually-hidden">{t('composer.send')}</span>
        </button>
      </div>
    </div>
  );
}
