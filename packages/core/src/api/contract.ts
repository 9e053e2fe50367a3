import { authEndpoints } from './auth.ts';
import { docsEndpoints } from './docs.ts';
import { tripEndpoints } from './trips.ts';
import { notificationEndpoints } from './notifications.ts';
import { searchEndpoints } from './search.ts';
import { assignmentEndpoints } from './assignment.ts';
import { logEndpoints } from './log.ts';
import { reviewEndpoints } from './review.ts';
import { liveWindowEndpoints } from './live-window.ts';
import { geoEndpoints } from './geo.ts';
import { coverageEndpoints } from './coverage.ts';
import { reservationEndpoints } from './reservations.ts';
import { reservationExtraEndpoints } from './reservation-extras.ts';
import { contactEndpoints } from './contacts.ts';
import { contactDetailEndpoints } from './contact-details.ts';
import { contactCareEndpoints } from './contact-care.ts';
import { employeeEndpoints } from './employees.ts';
import { vehicleEndpoints } from './vehicles.ts';
import { divisionEndpoints } from './divisions.ts';
import { passwordEndpoints } from './passwords.ts';
import { portalTripEndpoints } from './portal-trips.ts';
import { portalRequestEndpoints } from './portal-requests.ts';
import { portalAccountEndpoints } from './portal-accounts.ts';
import { eventSubscriptionEndpoints } from './event-subscriptions.ts';
import { partnerRateEndpoints } from './partner-rates.ts';
import { marketplaceEndpoints } from './marketplace.ts';
import { partnerMonitorEndpoints } from './partner-monitor.ts';
import { payReportEndpoints } from './pay-reports.ts';
import type { Endpoint } from './endpoint.ts';

/** Every endpoint of the API, by name. The server registers against it; the web client calls through it. */
export const contract = {
  ...authEndpoints,
  ...docsEndpoints,
  ...tripEndpoints,
  ...notificationEndpoints,
  ...searchEndpoints,
  ...assignmentEndpoints,
  ...logEndpoints,
  ...reviewEndpoints,
  ...liveWindowEndpoints,
  ...geoEndpoints,
  ...coverageEndpoints,
  ...reservationEndpoints,
  ...reservationExtraEndpoints,
  ...contactEndpoints,
  ...contactDetailEndpoints,
  ...contactCareEndpoints,
  ...employeeEndpoints,
  ...vehicleEndpoints,
  ...divisionEndpoints,
  ...passwordEndpoints,
  ...portalTripEndpoints,
  ...portalRequestEndpoints,
  ...portalAccountEndpoints,
  ...eventSubscriptionEndpoints,
  ...partnerRateEndpoints,
  ...marketplaceEndpoints,
  ...partnerMonitorEndpoints,
  ...payReportEndpoints,
} satisfies Record<string, Endpoint>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
