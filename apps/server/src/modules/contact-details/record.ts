/**
 * A contact read whole for the edit modal (spec 2 §3): its own columns, then its phones, e-mails,
 * addresses (joins with their immutable address rows), linked bill-tos and special requests.
 */
import { formatPhone, sortAddresses, type ContactRecord } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

const CONTACT_SELECT = `
  select c.id, c.contact_number, c.mod_count, c.name, c.type1, c.types, c.first_name, c.middle_name, c.last_name,
         c.company_name, c.salutation, c.title, c.nickname, c.po_box, to_char(c.date_of_birth, 'YYYY-MM-DD') as dob,
         c.gender, c.member_id, c.plan_id, c.service_type, c.pref_vehicle, c.ambulatory_status, c.curb_to_curb,
         c.do_not_share_vehicle, c.do_not_change_vehicle, c.ppec, c.external_source, c.external_id, d.code as division,
         c.cn_class, c.location_type, c.billing_notes, c.billing_contact_id, c.school_id, c.preferred_partner_id,
         c.pref_language, c.phone_preference, c.notes, c.deleted, bc.name as billing_contact_name, pp.name as preferred_partner_name
    from contacts c
    left join divisions d on d.id = c.division_id
    left join contacts bc on bc.id = c.billing_contact_id
    left join contacts pp on pp.id = c.preferred_partner_id
   where c.id = $1`;

type Row = Record<string, never>;

function presentAddress(r: Row): ContactRecord['joinContactAddresses'][number] {
  return {
    id: r.join_id,
    addressId: r.id,
    label: r.label,
    deleted: r.deleted,
    created: new Date(r.created as unknown as string).toISOString(),
    immutableAddress: {
      id: r.id,
      googleId: null,
      street: r.street,
      suite: r.suite,
      city: r.city,
      state: r.state,
      zip: r.zip,
      country: r.country,
      county: r.county_fips,
      lat: r.lat,
      lng: r.lng,
      completeAddress: r.complete_address,
      customLatLng: r.custom_lat_lng,
      hasCustomLatLng: r.custom_lat_lng,
      geocodeError: r.geocode_error,
    },
  };
}

/** The contact (deleted ones too), or null when there is none with this id. */
export async function readContactRecord(db: Db, id: string): Promise<ContactRecord | null> {
  const { rows } = await db.query(CONTACT_SELECT, [id]);
  const c = rows[0];
  if (!c) return null;
  const [phones, emails, addresses, billTos, requests] = await Promise.all([
    db.query('select id, phone_number_with_area_code, type, sms_enabled, main from contact_phones where contact_id = $1 order by main desc, id', [id]),
    db.query('select id, email, type from contact_emails where contact_id = $1 order by main desc, id', [id]),
    db.query(
      `select j.id as join_id, j.label, j.deleted, j.created, a.id, a.street, a.suite, a.city, a.state, a.zip, a.country,
              a.county_fips, a.lat, a.lng, a.complete_address, a.custom_lat_lng, a.geocode_error, a.google_formatted_address
         from join_contact_addresses j join addresses a on a.id = j.address_id
        where j.contact_id = $1 and not j.deleted
        order by j.sort_order, j.created, j.id`,
      [id],
    ),
    db.query(
      `select b.id, b.name from case_manager_bill_tos x join contacts b on b.id = x.bill_to_id where x.case_manager_id = $1 order by b.name`,
      [id],
    ),
    db.query(
      `select id, note, active, entered_by, entered from contact_special_requests where contact_id = $1 order by entered desc, id`,
      [id],
    ),
  ]);
  const joins = sortAddresses(addresses.rows.map(presentAddress));
  const first = joins[0]?.immutableAddress ?? null;
  const firstRow = addresses.rows.find((r) => r.id === first?.id);
  const phoneList = phones.rows.map((p) => ({
    id: p.id,
    phoneNumberWithAreaCode: formatPhone(p.phone_number_with_area_code),
    type: p.type,
    smsEnabled: p.sms_enabled,
    main: p.main,
  }));
  return {
    id: c.id,
    contactNumber: Number(c.contact_number),
    modCount: c.mod_count,
    name: c.name,
    type1: c.type1,
    types: c.types,
    firstName: c.first_name,
    middleName: c.middle_name,
    lastName: c.last_name,
    companyName: c.company_name,
    salutation: c.salutation,
    title: c.title,
    nickname: c.nickname,
    poBox: c.po_box,
    street: first?.street ?? null,
    suite: first?.suite ?? null,
    city: first?.city ?? null,
    state: first?.state ?? null,
    zip: first?.zip ?? null,
    county: first?.county ?? null,
    country: first?.country ?? null,
    lat: first?.lat ?? null,
    lng: first?.lng ?? null,
    hasCustomLatLng: first?.hasCustomLatLng ?? false,
    googleFormattedAddress: firstRow?.google_formatted_address ?? null,
    dob: c.dob,
    gender: c.gender,
    memberId: c.member_id,
    memberPlanId: c.plan_id,
    serviceType: c.service_type,
    prefVehicle: c.pref_vehicle,
    ambulatoryStatus: c.ambulatory_status,
    curbToCurb: c.curb_to_curb,
    doNotShareVehicle: c.do_not_share_vehicle,
    doNotChangeVehicle: c.do_not_change_vehicle,
    ppec: c.ppec,
    externalSource: c.external_source,
    externalId: c.external_id,
    division: c.division,
    cnClass: c.cn_class,
    locationType: c.location_type,
    billingNotes: c.billing_notes,
    billingContactId: c.billing_contact_id,
    billingContactName: c.billing_contact_name,
    schoolId: c.school_id,
    preferredPartnerId: c.preferred_partner_id,
    preferredPartnerName: c.preferred_partner_name,
    prefLanguage: c.pref_language,
    phonePreference: c.phone_preference,
    primaryPhone: phoneList.find((p) => p.main)?.phoneNumberWithAreaCode ?? phoneList[0]?.phoneNumberWithAreaCode ?? null,
    notes: c.notes,
    deleted: c.deleted,
    phones: phoneList,
    emails: emails.rows.map((e) => ({ id: e.id, email: e.email, type: e.type, deleted: false })),
    joinContactAddresses: joins,
    caseManagerBillTos: billTos.rows.map((b) => ({ id: b.id, name: b.name })),
    specialRequests: requests.rows.map((s) => ({
      id: s.id,
      note: s.note,
      active: s.active,
      enteredBy: s.entered_by,
      entered: new Date(s.entered).toISOString(),
      contactUUID: id,
    })),
  };
}
