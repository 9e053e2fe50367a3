import { describe, expect, it } from 'vitest';
import { acceptAllMembers, memberRefusal } from './member-rules.ts';
import { MEMBER_FLAG, type WindowMember } from './window.ts';

describe('accept all from the members', () => {
  const m = (id: string, flags: number, modCount = 2): WindowMember => [id, `k-${id}`, modCount, flags];

  it('sends the trips still to accept with their modCount, skips accepted, declined, read-only and cancelled ones, and counts past ones', () => {
    const members = [
      m('open', 0, 7),
      m('accepted', MEMBER_FLAG.accepted),
      m('declined', MEMBER_FLAG.declined),
      m('locked', MEMBER_FLAG.readOnly),
      m('cancelled', MEMBER_FLAG.cancelled | MEMBER_FLAG.readOnly),
      m('past', MEMBER_FLAG.past),
      m('pastAccepted', MEMBER_FLAG.past | MEMBER_FLAG.accepted),
      m('outside', MEMBER_FLAG.outside),
    ];
    expect(acceptAllMembers(members)).toEqual({ eligible: [{ id: 'open', modCount: 7 }, { id: 'outside', modCount: 2 }], past: 1 });
    expect(acceptAllMembers([])).toEqual({ eligible: [], past: 0 });
  });
});

describe("memberRefusal: from the found set's flags, before reading any trip", () => {
  const { cancelled, past, accepted } = MEMBER_FLAG;
  it('refuses un-cancel at once when no trip is cancelled and one has not occurred', () => {
    expect(memberRefusal('unCancel', [0, accepted, past])).toBe('No canceled DAs in found set');
  });
  it('reads the trips when a cancelled one may count, or when every one has occurred (its date decides)', () => {
    expect(memberRefusal('unCancel', [0, cancelled])).toBeNull();
    expect(memberRefusal('unCancel', [0, MEMBER_FLAG.legCancelled])).toBeNull();
    expect(memberRefusal('unCancel', [past, past | accepted])).toBeNull();
    expect(memberRefusal('unCancel', [])).toBeNull();
  });
  it('leaves the other actions to the rows', () => {
    expect(memberRefusal('cancel', [0])).toBeNull();
    expect(memberRefusal('reset', [0])).toBeNull();
  });
});
