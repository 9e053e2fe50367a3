import type { ContactForm } from './form.ts';

/** What each editable tab of the contact edit modal gets. */
export interface TabProps {
  form: ContactForm;
  set(patch: Partial<ContactForm>): void;
  /** Problems by field path ('lastName', 'phones.0.phoneNumberWithAreaCode'). */
  errors: Record<string, string>;
}
