import { describe, expect, it } from 'vitest';
import { isStaffTarget, mayImpersonate, staffRolesOf, SU_MSG, suRefusal, type SuCaller, type SuTarget } from './su.ts';

const caller = (types: string[], ldapGroups: string[] = [], extra: Partial<SuCaller> = {}): SuCaller => ({
  id: 'caller',
  types,
  ldapGroups,
  adminAccess: false,
  su: null,
  ...extra,
});
const target = (types: string[], ldapGroups: string[] = [], extra: Partial<SuTarget> = {}): SuTarget => ({
  name: 'Pat Target',
  types,
  ldapGroups,
  adminAccess: false,
  mfaRequired: false,
  ...extra,
});

const dispatcher = caller(['SecureEmployee'], ['Dispatch']);
const credentialing = caller(['SecureEmployee'], ['PartnerCredentialing']);
const admin = caller(['SecureEmployee'], [], { adminAccess: true });

describe('staffRolesOf', () => {
  it('keeps staff contact types, directory groups and adminAccess, not partner or passenger types', () => {
    expect(staffRolesOf(target(['SecureEmployee', 'Affiliate'], ['Dispatch'], { adminAccess: true }))).toEqual(
      ['Admin', 'Dispatch', 'SecureEmployee', 'adminAccess'].sort(),
    );
    expect(staffRolesOf(target(['Affiliate', 'AffiliateAdmin', 'AffiliateEmployee', 'Driver']))).toEqual([]);
    expect(staffRolesOf(target(['Case Manager', 'Passenger', 'S/N Passenger', 'Bill To', 'MCO', 'Facility']))).toEqual([]);
  });
  it.each(['Admin', 'Encounters', 'ItinerisAdmin', 'PaceStaff', 'Finance', 'PartnerCredentialing'])(
    'counts the contact type %s as staff',
    (type) => {
      expect(isStaffTarget(target([type]))).toBe(true);
    },
  );
  it('counts an unknown directory group as staff, and a partner user with a group too', () => {
    expect(isStaffTarget(target(['Affiliate'], ['SomeNewGroup']))).toBe(true);
    expect(isStaffTarget(target(['Affiliate']))).toBe(false);
  });
});

describe('suRefusal: who may impersonate', () => {
  it('refuses a caller who is not staff', () => {
    expect(suRefusal(caller(['Affiliate']), target(['Passenger']))).toMatchObject({ reason: 'not-staff', message: SU_MSG.NOT_STAFF });
    expect(suRefusal(caller(['Case Manager', 'PaceStaff']), target(['Passenger']))?.reason).toBe('not-staff');
  });
  it('refuses a second impersonation and impersonating oneself', () => {
    expect(suRefusal({ ...dispatcher, su: { id: 'x' } }, target(['Affiliate']))).toMatchObject({ reason: 'impersonating', message: SU_MSG.IMPERSONATING });
    expect(suRefusal(dispatcher, { ...target(['SecureEmployee']), id: 'caller' })).toMatchObject({ reason: 'self', message: SU_MSG.SELF });
  });
});

describe('suRefusal: partners, drivers, case managers and passengers', () => {
  it.each([
    ['partner user', ['Affiliate']],
    ['partner admin', ['AffiliateAdmin']],
    ['partner employee', ['AffiliateEmployee']],
    ['driver', ['Driver']],
    ['case manager', ['Case Manager']],
    ['passenger', ['Passenger', 'S/N Passenger']],
  ])('any staff member reaches a %s, even one that signs in with a code', (_name, types) => {
    expect(suRefusal(credentialing, target(types))).toBeNull();
    expect(suRefusal(credentialing, target(types, [], { mfaRequired: true }))).toBeNull();
    expect(mayImpersonate(caller(['SecureEmployee']), target(types, [], { mfaRequired: true }))).toBe(true);
  });
});

describe('suRefusal: staff targets', () => {
  it('reaches a staff target whose roles are a subset of the caller’s', () => {
    expect(suRefusal(dispatcher, target(['SecureEmployee']))).toBeNull();
    expect(suRefusal(dispatcher, target(['SecureEmployee'], ['Dispatch']))).toBeNull();
    expect(suRefusal(caller(['SecureEmployee', 'PaceStaff'], ['Dispatch', 'QA']), target(['PaceStaff', 'Case Manager'], ['QA']))).toBeNull();
  });
  it('refuses a target with one role more, naming it', () => {
    const r = suRefusal(credentialing, target(['SecureEmployee'], ['Dispatch'], { name: 'Dana Dispatch' }));
    expect(r).toEqual({
      reason: 'wider',
      missing: ['Dispatch'],
      message: 'You cannot log in as Dana Dispatch: their account holds Dispatch, which yours does not.',
    });
  });
  it.each([
    ['Admin', ['SecureEmployee', 'Admin'], []],
    ['Encounters', ['SecureEmployee', 'Encounters'], []],
    ['ItinerisAdmin', ['ItinerisAdmin'], []],
    ['PaceStaff', ['PaceStaff'], []],
    ['Finance', ['SecureEmployee'], ['Finance']],
  ])('refuses a target holding %s the caller lacks', (_name, types, groups) => {
    expect(suRefusal(dispatcher, target(types, groups))?.reason).toBe('wider');
  });
  it('refuses adminAccess to anyone without it, even with the Admin contact type', () => {
    const r = suRefusal(caller(['SecureEmployee', 'Admin']), target(['SecureEmployee'], [], { adminAccess: true, name: 'Ada' }));
    expect(r).toMatchObject({ reason: 'wider', missing: ['adminAccess'] });
    expect(r?.message).toBe('You cannot log in as Ada: their account holds administrator access, which yours does not.');
  });
  it('refuses a staff target that signs in with a code unless the caller has adminAccess', () => {
    const supervisor = target(['SecureEmployee'], [], { mfaRequired: true, name: 'Sue Supervisor' });
    expect(suRefusal(dispatcher, supervisor)).toEqual({ reason: 'code', message: SU_MSG.CODE('Sue Supervisor') });
    expect(suRefusal(caller(['SecureEmployee', 'Admin']), supervisor)?.reason).toBe('code');
    expect(suRefusal(admin, supervisor)).toBeNull();
  });
  it('reports the wider roles before the code when both apply', () => {
    expect(suRefusal(credentialing, target(['SecureEmployee'], ['Dispatch'], { mfaRequired: true }))?.reason).toBe('wider');
  });
  it('lets adminAccess reach every staff target', () => {
    expect(suRefusal(admin, target(['SecureEmployee', 'ItinerisAdmin'], ['Dispatch', 'Finance'], { adminAccess: true, mfaRequired: true }))).toBeNull();
  });
});
