import { EMOJI_CATEGORIES, type EmojiEntry } from './emoji-catalog.ts';

/** Where the picker's Twemoji SVGs are served from (copied by scripts/copy-twemoji.ts). */
export const emojiSrc = (file: string) => `/twemoji/${file}.svg`;

const byName = new Map<string, EmojiEntry>();
const byText = new Map<string, EmojiEntry>();
for (const category of EMOJI_CATEGORIES) {
  for (const entry of category.emoji) {
    if (!byName.has(entry[0])) byName.set(entry[0], entry);
    if (!byText.has(entry[1])) byText.set(entry[1], entry);
  }
}

/** `:heart:` or `heart` → the catalog entry, when the picker knows it. */
export function emojiByName(name: string): EmojiEntry | undefined {
  return byName.get(name.replace(/^:|:$/g, ''));
}

export function emojiByText(text: string): EmojiEntry | undefined {
  return byText.get(text);
}

/** The colons form reactions travel in (`:heart:`). */
export const colons = (name: string) => `:${name}:`;

/** A readable label: `slightly_smiling_face` → `slightly smiling face`. */
export const emojiLabel = (name: string) => name.replace(/^:|:$/g, '').replaceAll('_', ' ');

/** Seed 001: the default (and quick) reactions; heart first. */
export const QUICK_REACTIONS = ['heart', '+1', 'joy', 'open_mouth', 'cry', 'pray', 'clap', 'fire'];
