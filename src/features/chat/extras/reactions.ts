import type { Message } from '#shared/chat/entities';

export type ReactionMap = Message['reactions'];

export interface ReactionChip {
  /** Colons form, as stored (`:heart:`). */
  emoji: string;
  count: number;
  mine: boolean;
  names: string[];
}

/** Existing reactions with counts, in the order they first appeared; empty ones left out. */
export function reactionChips(reactions: ReactionMap, me: string | null): ReactionChip[] {
  return Object.entries(reactions)
    .map(([emoji, by]) => ({
      emoji,
      count: Object.keys(by).length,
      mine: Boolean(me && by[me]),
      names: Object.values(by).map((r) => r.name),
    }))
    .filter((c) => c.count > 0);
}

/** The user's toggle applied locally (shown at once; the server's `reaction` event settles it). */
export function toggleReaction(
  reactions: ReactionMap,
  emoji: string,
  me: { uid: string; name: string },
): ReactionMap {
  const by = { ...(reactions[emoji] ?? {}) };
  if (by[me.uid]) delete by[me.uid];
  else by[me.uid] = { name: me.name };
  const next = { ...reactions, [emoji]: by };
  if (Object.keys(by).length === 0) delete next[emoji];
  return next;
}
