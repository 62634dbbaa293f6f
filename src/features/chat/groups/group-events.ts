import type { Group } from '#shared/chat/entities';
import type { ServerMessageOf } from '#shared/chat/protocol';

export type GroupFrame = ServerMessageOf<'group'>;

/**
 * Seed 001 §4 "Groups": how one live `group` frame changes the list the user sees. Pure, so
 * the list, the open group and the tests share one rule. `unknown` says the frame added the
 * user to a group the list does not hold yet (the caller fetches it and puts it on top).
 */
export function applyGroupFrame(
  list: Group[],
  frame: GroupFrame,
  me: string,
): { list: Group[]; unknown: boolean } {
  if (frame.event === 'deleted') return { list: list.filter((g) => g.guid !== frame.guid), unknown: false };
  const known = list.some((g) => g.guid === frame.guid);
  if (!known) return { list, unknown: frame.event === 'added' && frame.target === me };
  return {
    list: list.map((g) => (g.guid === frame.guid ? applyToGroup(g, frame, me) : g)),
    unknown: false,
  };
}

export function applyToGroup(group: Group, frame: GroupFrame, me: string): Group {
  const next: Group = { ...group, members_count: frame.members_count };
  if (frame.target !== me) return next;
  switch (frame.event) {
    case 'scope_changed':
      return { ...next, scope: frame.scope };
    case 'kicked':
    case 'banned':
    case 'left':
      return { ...next, has_joined: false, scope: null };
    case 'added':
    case 'joined':
      return { ...next, has_joined: true, scope: frame.scope ?? 'participant' };
    default:
      return next;
  }
}

/** What the open group's view does on a frame about it (seed 001 §4: reset on kick, ban, own scope). */
export type OpenGroupEffect = 'none' | 'close-details' | 'reset';

export function openGroupEffect(frame: GroupFrame, openGuid: string | null, me: string): OpenGroupEffect {
  if (!openGuid || frame.guid !== openGuid) return 'none';
  if (frame.event === 'deleted') return 'reset';
  if (frame.target !== me) return 'none';
  if (frame.event === 'kicked' || frame.event === 'banned' || frame.event === 'left') return 'reset';
  if (frame.event === 'scope_changed') return 'close-details';
  return 'none';
}

/** New group on top, any older copy of it removed. */
export function putOnTop(list: Group[], group: Group): Group[] {
  return [group, ...list.filter((g) => g.guid !== group.guid)];
}
