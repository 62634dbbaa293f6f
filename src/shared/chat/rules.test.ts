import { describe, expect, it } from 'vitest';
import {
  canActOnMember,
  canLeaveGroup,
  canSetScope,
  canUnban,
  validateGroup,
  validatePoll,
} from './rules.ts';

const owner = { uid: 'o', scope: 'admin' as const };
const admin = { uid: 'a', scope: 'admin' as const };
const admin2 = { uid: 'a2', scope: 'admin' as const };
const mod = { uid: 'm', scope: 'moderator' as const };
const mod2 = { uid: 'm2', scope: 'moderator' as const };
const part = { uid: 'p', scope: 'participant' as const };
const part2 = { uid: 'p2', scope: 'participant' as const };

describe('group permission rules (seed 001 §6)', () => {
  it('never lets anyone act on the owner or on themselves', () => {
    for (const actor of [owner, admin, mod]) expect(canActOnMember(actor, owner, 'o')).toBe(false);
    for (const actor of [owner, admin, mod, part]) expect(canActOnMember(actor, actor, 'o')).toBe(false);
  });
  it('keeps moderators off admins and moderators', () => {
    expect(canActOnMember(mod, admin, 'o')).toBe(false);
    expect(canActOnMember(mod, mod2, 'o')).toBe(false);
    expect(canActOnMember(mod, part, 'o')).toBe(true);
  });
  it('keeps a non-owner admin off other admins, but not the owner', () => {
    expect(canActOnMember(admin, admin2, 'o')).toBe(false);
    expect(canActOnMember(owner, admin, 'o')).toBe(true);
    expect(canActOnMember(admin, mod, 'o')).toBe(true);
  });
  it('gives participants no power', () => {
    expect(canActOnMember(part, part2, 'o')).toBe(false);
  });
  it('lets moderators set only participant or moderator', () => {
    expect(canSetScope(mod, part, 'o', 'moderator')).toBe(true);
    expect(canSetScope(mod, part, 'o', 'admin')).toBe(false);
    expect(canSetScope(admin, part, 'o', 'admin')).toBe(true);
  });
  it('applies the same limits to unban by the banned scope', () => {
    expect(canUnban(mod, { uid: 'x', scope: 'moderator' }, 'o')).toBe(false);
    expect(canUnban(admin, { uid: 'x', scope: 'admin' }, 'o')).toBe(false);
    expect(canUnban(owner, { uid: 'x', scope: 'admin' }, 'o')).toBe(true);
    expect(canUnban(mod, { uid: 'x', scope: 'participant' }, 'o')).toBe(true);
  });
});

describe('leaving a group', () => {
  it('lets the owner leave only when another admin exists', () => {
    expect(canLeaveGroup('p', 'o')).toBe(true);
    expect(canLeaveGroup('o', 'o')).toBe(false);
    expect(canLeaveGroup('o', 'o', 1)).toBe(true);
  });
});

describe('validation (seed 001 §5)', () => {
  it('refuses blank questions and options and fewer than two options', () => {
    expect(validatePoll('  ', ['a', ' '])).toEqual({
      question: 'chat.question-blank',
      'options.1': 'chat.option-blank',
    });
    expect(validatePoll('q', ['a'])).toEqual({ options: 'chat.options-min' });
    expect(validatePoll('q', ['a', 'b'])).toEqual({});
  });
  it('refuses blank group name, type and password', () => {
    expect(validateGroup({ name: ' ', type: '' })).toEqual({
      name: 'chat.group-name-blank',
      type: 'chat.group-type-blank',
    });
    expect(validateGroup({ name: 'x', type: 'protected', password: ' ' })).toEqual({
      password: 'chat.group-password-blank',
    });
    expect(validateGroup({ name: 'x', type: 'public' })).toEqual({});
  });
});
