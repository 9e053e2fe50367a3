export interface ContactInspectModalProps {
  /** Null: closed. */
  contactId: string | null;
  onClose(): void;
  /** Opens the contact's edit modal, on a tab when given. */
  onEdit(id: string, showTab?: string): void;
}

export function ContactInspectModal(_props: ContactInspectModalProps) {
  return null;
}
