import { isStaff, mayEditEmployee, mayImpersonate, type CurrentUser, type Employee } from '@tripline/core';

/** What a row of the employee list offers this user. */
export interface OfferedActions {
  /** Edit (else View: read-only). */
  edit: boolean;
  /** Show contact: staff, who may open the contact register. */
  showContact: boolean;
  /** Log in as: staff only, never to partners' users, and only whom su allows (core suRefusal). */
  logInAs: boolean;
  /** Change password: the employee signs in and the user may change the employee. */
  changePassword: boolean;
  delete: boolean;
}

export function offeredActions(me: CurrentUser, e: Employee): OfferedActions {
  const staff = isStaff(me);
  const edit = !e.deleted && mayEditEmployee(me, e);
  return {
    edit,
    showContact: staff,
    logInAs: staff && e.canSignIn && !e.deleted && mayImpersonate(me, { ...e, types: e.classifications }),
    changePassword: e.canSignIn && edit,
    // nobody deletes themselves
    delete: edit && e.id !== me.id,
  };
}
