/**
 * What trip generation needs to know about an operator, whether it was just invented (demo load)
 * or read back from the database (bulk trips on top of a loaded demo operator).
 */

export interface Place {
  addressId: string;
  lat: number;
  lng: number;
  countyName: string | null;
}

export interface DivisionInfo {
  id: string;
  code: string;
  timeZone: string;
  share: number;
}

export interface PassengerInfo {
  id: string;
  name: string;
  memberId: string | null;
  planId: string | null;
  lob: string | null;
  divisionId: string;
  billToId: string;
  /** Requester recorded on the trip: the member, a case manager or a facility. */
  requestedBy: string;
  home: Place;
  /** Level of service the member usually needs. */
  usualService: string;
}

export interface FacilityInfo {
  id: string;
  name: string;
  apptType: string;
  divisionId: string;
  place: Place;
}

export interface VehicleInfo {
  id: string;
  kind: 'sedan' | 'wheelchair' | 'stretcher';
}

export interface PartnerInfo {
  id: string;
  name: string;
  contactNumber: number;
  divisionId: string;
  /** Relative share of its division's trips. */
  weight: number;
  drivers: { id: string; employeeNumber: string }[];
  vehicles: VehicleInfo[];
}

export interface TripWorld {
  divisions: DivisionInfo[];
  passengersByDivision: Map<string, PassengerInfo[]>;
  facilitiesByDivision: Map<string, FacilityInfo[]>;
  partnersByDivision: Map<string, PartnerInfo[]>;
}

export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(item);
  }
  return out;
}

/** A partner can carry a level of service when it runs a vehicle for it. */
export function canCarry(partner: PartnerInfo, serviceType: string): boolean {
  const kinds = new Set(partner.vehicles.map((v) => v.kind));
  if (serviceType === '05' || serviceType === '91' || serviceType === '92') return kinds.has('stretcher');
  if (serviceType === '03') return kinds.has('wheelchair') || kinds.has('stretcher');
  return kinds.size > 0;
}
