import { emojiByName, emojiLabel, emojiSrc } from './emoji.ts';

/** One emoji by name as its Twemoji image; unknown names show as text so nothing vanishes. */
export function EmojiImage({ name, size = 20 }: { name: string; size?: number }) {
  const entry = emojiByName(name);
  if (!entry) return <span className="emoji-fallback">{`:${emojiLabel(name)}:`}</span>;
  return (
    <img
      className="emoji-img"
      src={emojiSrc(entry[2])}
      alt={entry[1]}
      width={size}
      height={size}
      draggable={false}
    />
  );
}
