export interface BlacklistsPanelProps {
  /** Null while the contact is not saved yet. */
  contactId: string | null;
  /** A passenger's blacklist (partners they will not ride with) or a partner's (passengers it will not carry). */
  side: 'passenger' | 'partner';
}

export function BlacklistsPanel(_props: BlacklistsPanelProps) {
  return null;
}
