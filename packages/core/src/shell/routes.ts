import type { Role } from '../auth/roles.ts';

/** One entry of the web route table (spec inventory/routes.json, DECISIONS.md). */
export interface RouteDef {
  /** Path pattern; `{id}` marks a path parameter. */
  path: string;
  /** Page title; redirects have none. */
  title?: string;
  /** Reachable without signing in. */
  public?: boolean;
  /** Allowed roles; absent means SecureEmployee (spec 1 §6). */
  roles?: readonly Role[];
  /** A redirect target instead of a screen. */
  redirectTo?: string;
  /** Query parameters the screen reads. */
  query?: readonly string[];
  /** Where the spec describes it. */
  spec: string;
}

/**
 * The route table. Decisions applied here: /schedule is open to Affiliates and staff (staff are
 * sent on to /admin/schedule, DECISIONS 7); /contact and /FAQ are readable without login. The portal's
 * pages: /passenger-portal/new is open to those who may request a trip (2 §6); /case-manager/edit/{id}
 * to portal users for their own account and to staff for anyone's; the two homes open one trip's
 * page with `daId`.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: "/init-user", title: "Signing in", public: true, spec: "1 §2, 2 §2" },
  { path: "/login", title: "Sign in", public: true, spec: "1 §2, 2 §2" },
  { path: "/login-mfa", title: "Verify sign-in", public: true, spec: "1 §2, 3 §2" },
  { path: "/logout", title: "Sign out", public: true, spec: "1 §2" },
  { path: "/whats-new", title: "What's new", public: true, spec: "1 §2, 3 §2" },
  { path: "/bug-report", title: "Report a bug", public: true, spec: "1 §2, 2 §2" },
  { path: "/ssb", title: "Ssb", public: true, spec: "1 §2, 2 §2" },
  { path: "/st-input", title: "St Input", public: true, spec: "1 §2" },
  { path: "/ssb-chart", title: "Ssb Chart", public: true, spec: "1 §2" },
  { path: "/passenger-portal/login", title: "Passenger portal login", public: true, spec: "1 §2" },
  { path: "/case-manager/login", title: "Case manager login and registration wizard", public: true, query: ["email", "token", "emailToActivate"], spec: "1 §2, 2 §2" },
  { path: "/partner-signup-form", title: "Partner signup form", public: true, query: ["id"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/", title: "Home", roles: ["Affiliate"], spec: "1 §2" },
  { path: "/schedule", title: "Home", roles: ["Affiliate", "SecureEmployee"], spec: "1 §2" },
  { path: "/main-redirect", redirectTo: "/", spec: "1 §2" },
  { path: "/reporting", title: "Reporting home", roles: ["Affiliate", "SecureEmployee", "Case Manager"], spec: "1 §2" },
  { path: "/reporting/affiliates", title: "Affiliates report", spec: "1 §2" },
  { path: "/reporting/heatmap", title: "Heat map layers", spec: "1 §2" },
  { path: "/reporting/partner-pay", title: "Partner-pay report", roles: ["Affiliate", "SecureEmployee"], spec: "1 §2, 2 §2, 2 §5" },
  { path: "/reporting/encounters", title: "Encounters report", roles: ["Affiliate", "SecureEmployee"], spec: "1 §2, 1 §6, 3 §2" },
  { path: "/reporting/encounters-internal", title: "Internal encounters report", spec: "1 §2, 3 §2" },
  { path: "/reporting/exception-report", redirectTo: "/reporting/by-name?name=ExceptionReportDetails", spec: "1 §2" },
  { path: "/reporting/by-name", title: "Named report runner", roles: ["SecureEmployee", "Case Manager"], query: ["name"], spec: "1 §2, 2 §2" },
  { path: "/reporting/834", title: "834 report", roles: ["SecureEmployee"], spec: "1 §2, 2 §2" },
  { path: "/reporting/lyft", title: "Lyft / ride-share report", roles: ["SecureEmployee"], spec: "1 §2, 2 §2" },
  { path: "/reporting/auto-punch", title: "Auto-punch reporting page", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/reporting/timely-filing", title: "Timely filing report", spec: "1 §2, 3 §2" },
  { path: "/reporting/load-balancer", title: "Load balancer report", spec: "1 §2, 3 §2" },
  { path: "/resource-management", title: "Resource Management", spec: "1 §2" },
  { path: "/reporting/audit-suspicious-trips", title: "Audit suspicious trips", spec: "1 §2, 3 §2" },
  { path: "/reporting/performance-dashboard", title: "Performance dashboard", spec: "1 §2, 3 §2" },
  { path: "/reporting/partner-details", title: "Partner details report", spec: "1 §2, 3 §2" },
  { path: "/reporting/partner-rates", title: "Partner rates report", roles: ["SecureEmployee", "Finance", "PartnerCredentialing"], spec: "1 §2, 3 §2" },
  { path: "/reporting/partner-non-final-trips", title: "Non-final trips report", roles: ["Affiliate", "SecureEmployee"], query: ["dateFrom", "dateTo"], spec: "1 §2, 3 §2" },
  { path: "/contact", title: "Contact support form", public: true, roles: ["Affiliate", "SecureEmployee", "S/N Passenger", "Case Manager"], spec: "1 §2, 2 §2" },
  { path: "/FAQ", title: "FAQ", public: true, roles: ["Affiliate", "SecureEmployee", "S/N Passenger", "Case Manager"], spec: "1 §2, 2 §2" },
  { path: "/edit-password", title: "Password edit", roles: ["All"], query: ["contactId"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/auto-scheduler-v3", title: "Auto-scheduler v3 results", roles: ["Affiliate", "SecureEmployee", "S/N Passenger", "Case Manager"], query: ["token"], spec: "1 §2, 3 §2" },
  { path: "/admin/messages", title: "Admin messages", roles: ["Affiliate", "SecureEmployee", "S/N Passenger", "Case Manager"], spec: "1 §2, 2 §2" },
  { path: "/marketplace", title: "Marketplace of offered trips", roles: ["Affiliate", "SecureEmployee"], query: ["date", "zip", "range", "q", "referenceNumbers"], spec: "1 §2, 2 §2" },
  { path: "/marketplace/vehicles", title: "Marketplace vehicles", roles: ["Affiliate", "SecureEmployee"], spec: "1 §2" },
  { path: "/vehicles", title: "Vehicle list with an add button", roles: ["Affiliate", "SecureEmployee"], spec: "1 §2" },
  { path: "/marketplace-v1", redirectTo: "/marketplace", spec: "1 §2" },
  { path: "/messages", title: "Messages", roles: ["All"], query: ["id"], spec: "1 §2, 2 §2" },
  { path: "/admin", title: "Admin home", roles: ["SecureEmployee"], spec: "1 §2, 2 §2" },
  { path: "/admin/api-users", title: "API users", spec: "1 §2, 2 §2" },
  { path: "/admin/contacts", title: "Contacts admin", roles: ["SecureEmployee"], query: ["q", "search834", "showTab"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/admin/divisions", title: "Divisions admin", roles: ["SecureEmployee"], spec: "1 §2, 3 §2" },
  { path: "/admin/faqs", title: "FAQ admin", roles: ["SecureEmployee"], spec: "1 §2, 2 §2" },
  { path: "/admin/trips", title: "Trip search and bulk actions", roles: ["SecureEmployee", "Case Manager"], query: ["serviceDate", "serviceDateMax", "division", "flag", "affiliateId", "referenceNumber", "memberId", "apptType", "apptTime", "planId", "passengerId", "daClass", "driverId", "whichLeg", "pickupName", "dropoffName", "rideService", "inHouse", "oon", "lob", "flagNonNull", "billingContactId", "priority", "distanceMiles", "cancelType", "serviceTypes", "showTab"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/admin/trips-redirect", title: "Redirect helper by reference number or passenger", query: ["referenceNumber", "passengerId"], spec: "2 §2" },
  { path: "/admin/schedule", title: "Schedule timeline", roles: ["SecureEmployee", "Case Manager"], query: ["serviceDate", "vehicleNumber", "division", "billToId", "q", "date", "projectId", "partners"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/admin/employees", title: "Employees admin", roles: ["Affiliate", "SecureEmployee"], query: ["q", "providerId", "includeDeleted"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/admin/appt-types", title: "Appointment types admin", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/admin/plans", title: "Plans admin", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/admin/cancel-reasons", title: "Cancel reasons admin", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/admin/watchlist", redirectTo: "/admin/elevated-member", spec: "1 §2" },
  { path: "/admin/elevated-member", title: "Watch list admin, with upload", spec: "1 §2, 3 §2" },
  { path: "/admin/credentials", title: "Credential administration", roles: ["FleetManagement", "PartnerCredentialing", "PartnerManagement"], query: ["q"], spec: "1 §2, 3 §2" },
  { path: "/admin/audits", title: "Audits", roles: ["FleetManagement", "PartnerCredentialing", "PartnerManagement"], spec: "1 §2, 3 §2" },
  { path: "/admin/queries", title: "Admin queries with a HIPAA recent-activity dialog", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/admin/manual-audit-log", title: "Manual audit log", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/admin/mco", title: "MCO", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/drive-assv-edit/{id}", title: "Reservation", roles: ["SecureEmployee"], spec: "1 §2" },
  { path: "/dup-da/{id}", title: "Duplicate drive assignment", spec: "1 §2" },
  { path: "/case-manager/", title: "Case manager home", roles: ["Case Manager"], query: ["daId"], spec: "1 §2, 2 §2" },
  { path: "/passenger-portal/", title: "Passenger portal home", roles: ["S/N Passenger"], query: ["daId"], spec: "1 §2, 2 §2" },
  { path: "/passenger-portal/new", title: "New trip request", roles: ["S/N Passenger", "Case Manager", "SecureEmployee", "ItinerisAdmin"], query: ["duplicateFrom", "returnTripFrom"], spec: "1 §2, 2 §2, 2 §6" },
  { path: "/case-manager/edit/{id}", title: "Account settings", roles: ["Case Manager", "S/N Passenger", "SecureEmployee"], spec: "1 §2" },
  { path: "/compliance", title: "Credentials home", roles: ["FleetManagement", "PartnerCredentialing", "PartnerManagement", "Affiliate"], query: ["providerId", "driverId", "vehicleId", "credentialId", "showOnlyAudited", "showOnlyIncomplete"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/credentials", redirectTo: "/compliance", spec: "1 §2, 3 §2" },
  { path: "/log", title: "Audit log by record or by user", roles: ["SecureEmployee"], query: ["table", "id", "activityType", "dateFrom", "dateTo", "user"], spec: "1 §2, 2 §2" },
  { path: "/trip-import", title: "Trip import wizard", roles: ["SecureEmployee", "Case Manager"], query: ["billToId"], spec: "1 §2, 2 §2, 3 §2" },
  { path: "/member-import", title: "Member import", spec: "1 §2, 3 §2" },
  { path: "/vehicle-statuses", title: "Vehicle status and activity", spec: "1 §2, 3 §2" },
  { path: "/pace-planner", title: "Pace planner wizard", spec: "1 §2, 3 §2" },
  { path: "/ride-share-monitor", title: "Lyft/Uber ride-share monitor with 30 s auto-refresh", spec: "1 §2, 3 §2" },
  { path: "/lyft-monitor", redirectTo: "/ride-share-monitor", spec: "1 §2, 3 §2" },
  { path: "/will-call-assign-vehicle", title: "Will-call vehicle assignment", spec: "1 §2" },
  { path: "/screen-pop", title: "Screen pop for an inbound phone call", query: ["phoneNumber", "sessionId"], spec: "1 §2, 3 §2" },
  { path: "/replay-route", title: "Replay route", spec: "1 §2, 3 §2" },
  { path: "/switchboard", title: "Switchboard", spec: "1 §2, 3 §2" },
  { path: "/copy-betwixt-dbs", title: "Copy between databases", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/routing-assessment", title: "Routing assessment", spec: "1 §2, 3 §2" },
  { path: "/partner-stats-import", title: "Partner stats import", roles: ["Affiliate"], spec: "1 §2, 3 §2" },
  { path: "/itineris-dashboard", title: "Itineris Dashboard", spec: "1 §2" },
  { path: "/dispatch-monitor", title: "Dispatch monitor of event occurrences", spec: "1 §2, 3 §2" },
  { path: "/print-routes", title: "Print routes", spec: "1 §2, 3 §2" },
  { path: "/trip-commander", title: "Trip Commander", roles: ["Admin"], spec: "1 §2, 3 §2" },
  { path: "/partner-monitor", title: "Partner monitor", query: ["status", "referenceNumber", "serviceDate", "actionDate"], spec: "1 §2, 3 §2" },
  { path: "/fleet-map", title: "Fleet map", spec: "1 §2, 3 §2" },
  { path: "/php-file-uploader", title: "Data file upload page", spec: "1 §2, 3 §2" },
  { path: "/partner-signup-review", title: "Partner signup review", spec: "1 §2, 3 §2" },
  { path: "/member-trip-auth-import", title: "Member trip authorization import", spec: "1 §2, 3 §2" },
  { path: "/component-test", title: "Content not shown", spec: "1 §2, 3 §2" },
  { path: "/modal/audit-inspect", title: "Content not shown", spec: "1 §2" },
  { path: "/itineris", redirectTo: "/admin", spec: "1 §2" },
  { path: "/changelog", redirectTo: "/whats-new", spec: "1 §2" },
  { path: "/contacts/", redirectTo: "/admin/contacts/", spec: "1 §2" },
  { path: "/trips/", redirectTo: "/admin/trips/", spec: "1 §2" },
  { path: "/schedule/", redirectTo: "/admin/schedule/", spec: "1 §2" },
  { path: "/auto-scheduler", title: "Auto-scheduler", query: ["schedulePreviewToken"], spec: "2 §2" },];
