/**
 * A contact's addresses (spec 3 §2, §3 joinContactAddresses, §5): each a label on an immutable
 * address row. The first defaults to Home for a Person and Office otherwise; a new one goes after
 * the Home/Office ones (rules 132, 133).
 */

export const ADDRESS_LABELS = ['Billing', 'Garage', 'Home', 'Office', 'Mailing'] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

export const CONTACT_KINDS = ['Person', 'Business'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

const LEADING: readonly string[] = ['Home', 'Office'];

/** The label of a contact's first address: Home for a Person, Office otherwise. */
export function firstAddressLabel(kind: ContactKind): AddressLabel {
  return kind === 'Person' ? 'Home' : 'Office';
}

/** The label a new address starts with: the first-address label, else the first label not used yet. */
export function newAddressLabel(kind: ContactKind, used: readonly string[]): AddressLabel {
  if (used.length === 0) return firstAddressLabel(kind);
  const order: AddressLabel[] = kind === 'Person' ? ['Mailing', 'Billing', 'Office', 'Garage', 'Home'] : ['Billing', 'Mailing', 'Garage', 'Office', 'Home'];
  return order.find((l) => !used.includes(l)) ?? 'Mailing';
}

/** Where a new address goes in the list: right after the Home/Office ones at its start. */
export function addressInsertIndex(labels: readonly string[]): number {
  let i = 0;
  while (i < labels.length && LEADING.includes(labels[i]!)) i++;
  return i;
}

/** The list with a new address placed after the Home/Office ones. */
export function insertAddress<A extends { label: string }>(list: readonly A[], added: A): A[] {
  const at = addressInsertIndex(list.map((a) => a.label));
  return [...list.slice(0, at), added, ...list.slice(at)];
}

/** A contact's addresses in table order: Home/Office first, the others as they were. */
export function sortAddresses<A extends { label: string }>(list: readonly A[]): A[] {
  const lead = list.filter((a) => LEADING.includes(a.label));
  return [...lead, ...list.filter((a) => !LEADING.includes(a.label))];
}

/** One line of an address's parts: 'street suite, city, ST zip'. */
export function addressText(a: { street?: string | null; suite?: string | null; city?: string | null; state?: string | null; zip?: string | null }): string {
  const street = [a.street, a.suite].filter((s) => s && s.trim()).join(' ');
  const stateZip = [a.state, a.zip].filter((s) => s && s.trim()).join(' ');
  return [street, a.city, stateZip].filter((s) => s && s.trim()).join(', ');
}
