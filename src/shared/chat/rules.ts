import { GROUP_TYPES, type GroupScope, type GroupType } from './entities.ts';

/**
 * Seed 001 §5–§6 as pure functions, shared so the UI offers exactly what the server
 * allows. The server is the authority; these only decide, they do not fetch.
 */
export interface Actor {
  uid: string;
  scope: GroupScope;
}

/**
 * Kick, ban and scope change: never on the owner, never on yourself; a participant acts
 * on nobody; a moderator not on an admin or moderator; a non-owner admin not on an admin.
 */
export function canActOnMember(actor: Actor, target: Actor, owner: string): boolean {
  if (target.uid === owner || target.uid === actor.uid) return false;
  if (actor.scope === 'participant') return false;
  if (actor.scope === 'moderator' && target.scope !== 'participant') return false;
  if (actor.scope === 'admin' && actor.uid !== owner && target.scope === 'admin') return false;
  return true;
}

/** Moderators may set only participant or moderator; admins any scope. */
export function canSetScope(actor: Actor, target: Actor, owner: string, scope: GroupScope): boolean {
  if (!canActOnMember(actor, target, owner)) return false;
  return actor.scope === 'admin' || scope !== 'admin';
}

/** Unban: the banned member's scope at ban time decides, with the same moderator/admin limits. */
export function canUnban(actor: Actor, banned: Actor, owner: string): boolean {
  return canActOnMember(actor, banned, owner);
}

/**
 * A poll takes at most 20 options (ADR 0068: the seed names no number; every option is a
 * row of its bubble with its votes, and 20 already fill about three phone screens).
 */
export const POLL_MAX_OPTIONS = 20;

export const canAddMembers = (scope: GroupScope | null) => scope === 'admin';
export const canSeeBanned = (scope: GroupScope | null) => scope === 'admin' || scope === 'moderator';
export const canDeleteGroup = (scope: GroupScope | null) => scope === 'admin';
/** The owner may leave only when another admin exists; ownership then passes to that admin. */
export const canLeaveGroup = (uid: string, owner: string, otherAdmins = 0) =>
  uid !== owner || otherAdmins > 0;

/** Field → message key (src/shared/i18n/messages.ts `chat.*`), empty when valid. */
export type RuleErrors = Record<string, string>;

export function validatePoll(question: string, options: string[]): RuleErrors {
  const errors: RuleErrors = {};
  if (!question.trim()) errors.question = 'chat.question-blank';
  options.forEach((o, i) => {
    if (!o.trim()) errors[`options.${i}`] = 'chat.option-blank';
  });
  if (options.length < 2) errors.options = 'chat.options-min';
  return errors;
}

export interface GroupDraft {
  name: string;
  type: string;
  password?: string;
}

/** The UI's "protected" is the engine's `password` type. */
export function groupTypeOf(type: string): GroupType | null {
  const t = type.trim() === 'protected' ? 'password' : type.trim();
  return (GROUP_TYPES as readonly string[]).includes(t) ? (t as GroupType) : null;
}

export function validateGroup(draft: GroupDraft): RuleErrors {
  const errors: RuleErrors = {};
  if (!draft.name.trim()) errors.name = 'chat.group-name-blank';
  if (!draft.type.trim()) errors.type = 'chat.group-type-blank';
  else if (!groupTypeOf(draft.type)) errors.type = 'validation.oneOf';
  else if (groupTypeOf(draft.type) === 'password' && !draft.password?.trim())
    errors.password = 'chat.group-password-blank';
  return errors;
}

/** Generated group id: `group_` and the current timestamp (seed 001 §5), made unique by a suffix. */
export const newGroupId = (now = Date.now(), suffix = '') => `group_${now}${suffix}`;

/** One-to-one conversations have one id for both sides: the two uids in order. */
export function conversationId(receiverType: 'user' | 'group', a: string, b: string): string {
  if (receiverType === 'group') return `group_${b}`;
  return a < b ? `user_${a}_${b}` : `user_${b}_${a}`;
}
