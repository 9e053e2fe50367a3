/** Which contact the edit modal holds: an existing one by id, or a new Person or Business. */
export type ContactEditTarget = { id: string } | { kind: 'Person' | 'Business' };

export interface ContactEditModalProps {
  /** Null: closed. */
  target: ContactEditTarget | null;
  /** The tab to open on (the screen's showTab), else the first. */
  showTab?: string;
  onClose(): void;
  /** After a save: the saved contact's id. */
  onSaved(id: string): void;
}

export function ContactEditModal(_props: ContactEditModalProps) {
  return null;
}
