/**
 * What the portal writes to the audit log: each activity type with the tables its rows name, as
 * the server's audit writes record them (its AuditEntry takes only these types). The suggestions
 * of /log are derived from this one list, so a new activity is added here once.
 */
export const RECORDED_ACTIVITIES = {
  // partners and staff working a trip
  accept: ['drive_assignments'],
  'rate-accept': ['drive_assignments'],
  decline: ['drive_assignments', 'partner_activities'],
  stats: ['drive_assignments', 'trip_legs'],
  'adjust-time': ['drive_assignments', 'partner_activities'],
  'expense-add': ['drive_assignments', 'partner_activities', 'receipts'],
  'receipt-upload': ['receipts'],
  'receipt-expire': ['receipts'],
  'cancel-leg': ['drive_assignments', 'trip_legs'],
  'assign-driver': ['drive_assignments'],
  flag: ['drive_assignments'],
  sms: ['contacts'],
  // staff in the trip search and trip inspect
  'partner-change': ['drive_assignments'],
  'trip-notes': ['drive_assignments', 'trip_legs'],
  'decline-on-behalf': ['drive_assignments', 'partner_activities'],
  // the marketplace: staff offer or withdraw a trip; a partner claims offered trips
  'marketplace-offer': ['drive_assignments'],
  'marketplace-accept': ['drive_assignments', 'partner_activities'],
  'adjustment-review': ['drive_assignments', 'partner_activities', 'trip_legs'],
  // pay adjustments: a rate override (a partner's request or a rate editor's change), a mileage request, a note on a request
  'rate-override': ['drive_assignments', 'partner_activities'],
  'adjust-mileage': ['drive_assignments', 'partner_activities'],
  'partner-monitor-add-note': ['partner_activities'],
  'bulk-assign': ['drive_assignments'],
  'bulk-unassign': ['drive_assignments'],
  'bulk-cancel': ['drive_assignments'],
  'bulk-un-cancel': ['drive_assignments'],
  'bulk-reset': ['drive_assignments'],
  'repair-trips': ['drive_assignments'],
  export: ['drive_assignments'],
  'export-denied': ['drive_assignments'],
  'export-download': ['drive_assignments'],
  // the reservation editor
  'reservation-create': ['drive_assignments', 'trip_legs'],
  'reservation-save': ['drive_assignments', 'trip_legs'],
  // a portal trip request previewed (held 30 minutes for scheduling), and PHI looked up to choose its passenger
  'trip-request-preview': ['trip_requests'],
  'created-override': ['drive_assignments'],
  'leg-web-fields': ['trip_legs'],
  // duplicates, standing orders, notes, pharmacy stops and declined requests of the reservation editor
  duplicate: ['drive_assignments', 'standing_orders'],
  'standing-order-fill': ['drive_assignments', 'standing_orders'],
  'standing-order-end': ['standing_orders', 'drive_assignments'],
  'standing-order-suspend': ['standing_orders', 'drive_assignments'],
  'standing-order-resume': ['standing_orders', 'drive_assignments'],
  'reservation-note': ['reservation_notes'],
  'reservation-note-delete': ['reservation_notes'],
  'pharmacy-add': ['partner_activities'],
  'pharmacy-stop': ['drive_assignments', 'trip_legs'],
  'declined-trip-log': ['trip_declines'],
  // partners' fleets
  'vehicle-save': ['vehicles'],
  'vehicle-delete': ['vehicles'],
  'vehicle-import': ['vehicles', 'vehicle_imports'],
  // divisions and the watch list of elevated members
  'division-save': ['divisions'],
  'watch-list-add': ['elevated_members'],
  'watch-list-change': ['elevated_members'],
  'watch-list-remove': ['elevated_members'],
  'watch-list-upload': ['watch_list_uploads'],
  'watch-list-apply': ['watch_list_uploads', 'elevated_members'],
  // saved custom queries and bug reports
  create: ['canned_queries', 'bug_reports', 'support_requests'],
  update: ['canned_queries'],
  delete: ['canned_queries'],
  // employees and drivers: the record (with its phones, email and address), photo, shifts, pay, imports
  'employee-save': ['contacts'],
  'employee-delete': ['contacts'],
  'employee-photo': ['contacts'],
  'shift-override': ['employee_shift_overrides'],
  'shift-override-delete': ['employee_shift_overrides'],
  'pay-history': ['employee_pay_history'],
  'employee-import': ['employee_imports', 'contacts'],
  'employee-export': ['contacts'],
  // contact care: infectious diseases, partner holds, blacklists, merging contacts, preferred partner
  'infectious-disease': ['infectious_diseases', 'trip_legs'],
  'provider-hold': ['provider_holds', 'drive_assignments'],
  blacklist: ['blacklists'],
  'contact-merge': ['contacts', 'contact_phones', 'contact_emails', 'drive_assignments', 'trip_legs'],
  'preferred-partner': ['contacts'],
  // editing a contact: its fields, phones, e-mails, addresses and special requests; trip authorizations
  'contact-create': ['contacts', 'contact_phones', 'contact_emails', 'join_contact_addresses', 'addresses', 'contact_special_requests'],
  'contact-update': ['contacts', 'contact_phones', 'contact_emails', 'join_contact_addresses', 'addresses', 'contact_special_requests'],
  'contact-delete': ['contacts', 'sessions'],
  'member-trip-authorization': ['member_trip_authorizations'],
  'member-trip-authorization-remove': ['member_trip_authorizations'],
  // sign-in, acting as another user, announcements
  login: ['sessions'],
  su: ['contacts'],
  'su-end': ['contacts'],
  'su-refused': ['contacts'],
  // passwords: a change or a reset (never the password itself)
  'password-edit': ['contacts'],
  'password-reset': ['contacts'],
  // portal accounts: the sign-in wizard's request, the account it creates, reset links, email changes (never a code or token)
  'account-request': ['portal_account_requests'],
  'account-create': ['contacts', 'contact_phones'],
  'password-reset-link': ['portal_account_links'],
  'email-change': ['portal_account_links', 'contact_emails', 'contacts'],
  'vog-broadcast': ['notification_deliveries'],
  'vog-dismiss': ['notification_deliveries'],
  // the contact register: opening a passenger's record, making a contact of an 834 member
  'contact-view': ['contacts'],
  'contact-from-834': ['contacts'],
  // event subscriptions: saved, deleted, a test notice, ended by an unsubscribe link or an SMS STOP
  'event-subscription-save': ['event_subscriptions'],
  'event-subscription-delete': ['event_subscriptions'],
  'event-subscription-test': ['event_subscriptions'],
  'event-subscription-unsubscribe': ['event_subscriptions'],
  // the case manager and passenger portal: a trip page opened (health information), a cancel sent for review, a passenger's plans read
  'portal-trip-view': ['drive_assignments'],
  'portal-cancel': ['drive_assignments', 'trip_legs', 'partner_activities'],
  'member-plans-view': ['contacts'],
  // partner rates: a new rate (ending the group's rate in force), a rate ended or corrected, and the trips they reprice
  'partner-rate-add': ['partner_rates', 'drive_assignments'],
  'partner-rate-end': ['partner_rates', 'drive_assignments'],
  'partner-rate-correct': ['partner_rates', 'drive_assignments'],
} as const satisfies Record<string, readonly string[]>;

/** An activity type the audit log records; the server's audit writes accept only these. */
export type ActivityType = keyof typeof RECORDED_ACTIVITIES;
