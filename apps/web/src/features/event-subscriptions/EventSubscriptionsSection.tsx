/** The event subscriptions of one portal user (case manager account edit page). */
export interface EventSubscriptionsSectionProps {
  /** The contact whose subscriptions are shown (the page's {id}). */
  contactId: string;
}

export function EventSubscriptionsSection(_props: EventSubscriptionsSectionProps) {
  return null;
}
