/**
 * The one place the messaging UI reaches the composer extras (../extras, extras engineer)
 * and the header call buttons (../calls, calls engineer), as contracts.md names them: the
 * conversation pane, bubbles and composer import these names only.
 */
export { CallButtons as CallButtonsSlot } from '../calls/call-buttons.tsx';
export { EmojiPicker as EmojiSlot } from '../extras/emoji-picker.tsx';
export {
  LiveReactionButton as LiveReactionButtonSlot,
  LiveReactionOverlay as LiveReactionOverlaySlot,
} from '../extras/live-reaction.tsx';
export { PollBubble as PollSlot } from '../extras/poll-bubble.tsx';
export { PollModal as PollModalSlot } from '../extras/poll-modal.tsx';
export { ReactionBar as ReactionSlot } from '../extras/reaction-bar.tsx';
export { StickerBubble as StickerSlot } from '../extras/sticker-bubble.tsx';
export { StickerKeyboard as StickerKeyboardSlot } from '../extras/sticker-keyboard.tsx';
