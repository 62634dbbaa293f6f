import { describe, expect, it } from 'vitest';
import type { Group } from '#shared/chat/entities';
import { applyGroupFrame, type GroupFrame, openGroupEffect, putOnTop } from './group-events.ts';

const ME = 'me';
const group = (guid: string, extra: Partial<Group> = {}): Group => ({
  guid,
  name: guid,
  type: 'public',
  icon: null,
  owner: 'owner',
  members_count: 3,
  has_joined: true,
  scope: 'participant',
  farm_id: null,
  ...extra,
});
const frame = (event: GroupFrame['event'], target: string, extra: Partial<GroupFrame> = {}): GroupFrame => ({
  type: 'group',
  event,
  guid: 'g1',
  actor: 'owner',
  target,
  scope: null,
  members_count: 2,
  ...extra,
});

describe('applyGroupFrame (seed 001 §4 live group events)', () => {
  it('updates the member count when someone else leaves, keeping my membership', () => {
    const { list } = applyGroupFrame([group('g1')], frame('left', 'other'), ME);
    expect(list[0]).toMatchObject({ members_count: 2, has_joined: true, scope: 'participant' });
  });

  it.each(['kicked', 'banned', 'left'] as const)('marks the group not joined when I am %s', (event) => {
    const { list } = applyGroupFrame([group('g1')], frame(event, ME), ME);
    expect(list[0]).toMatchObject({ has_joined: false, scope: null, members_count: 2 });
  });

  it('takes my new scope from a scope change about me', () => {
    const { list } = applyGroupFrame(
      [group('g1')],
      frame('scope_changed', ME, { scope: 'moderator', members_count: 3 }),
      ME,
    );
    expect(list[0].scope).toBe('moderator');
  });

  it('makes me a participant when I am added to a known group', () => {
    const { list, unknown } = applyGroupFrame(
      [group('g1', { has_joined: false, scope: null })],
      frame('added', ME, { scope: 'participant', members_count: 4 }),
      ME,
    );
    expect(unknown).toBe(false);
    expect(list[0]).toMatchObject({ has_joined: true, scope: 'participant', members_count: 4 });
  });

  it('says the group is unknown when I am added to one the list does not hold', () => {
    const result = applyGroupFrame([group('g2')], frame('added', ME, { scope: 'participant' }), ME);
    expect(result.unknown).toBe(true);
    expect(result.list.map((g) => g.guid)).toEqual(['g2']);
    expect(applyGroupFrame([group('g2')], frame('added', 'other'), ME).unknown).toBe(false);
  });

  it('removes a deleted group', () => {
    const { list } = applyGroupFrame([group('g1'), group('g2')], frame('deleted', 'g1'), ME);
    expect(list.map((g) => g.guid)).toEqual(['g2']);
  });
});

describe('openGroupEffect', () => {
  it('resets the view when I am kicked or banned from the open group, or it is deleted', () => {
    expect(openGroupEffect(frame('kicked', ME), 'g1', ME)).toBe('reset');
    expect(openGroupEffect(frame('banned', ME), 'g1', ME)).toBe('reset');
    expect(openGroupEffect(frame('deleted', 'g1'), 'g1', ME)).toBe('reset');
  });

  it('closes the details on my own scope change and ignores other groups and members', () => {
    expect(openGroupEffect(frame('scope_changed', ME, { scope: 'admin' }), 'g1', ME)).toBe('close-details');
    expect(openGroupEffect(frame('kicked', 'other'), 'g1', ME)).toBe('none');
    expect(openGroupEffect(frame('kicked', ME), 'g2', ME)).toBe('none');
    expect(openGroupEffect(frame('kicked', ME), null, ME)).toBe('none');
  });
});

describe('putOnTop', () => {
  it('puts a created group first without a duplicate', () => {
    expect(putOnTop([group('a'), group('b')], group('b')).map((g) => g.guid)).toEqual(['b', 'a']);
  });
});
