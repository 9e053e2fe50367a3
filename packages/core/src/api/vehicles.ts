import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';
import {
  VehicleCapabilitiesQuery,
  VehicleImportApprove,
  VehicleImportPreview,
  VehicleImportResult,
  VehicleImportUpload,
  Vehicle,
  VehicleDeleteQuery,
  VehicleListQuery,
  VehicleOption,
  VehicleSave,
  VinLookupQuery,
  VinLookupResult,
} from '../vehicles/schemas.ts';

// Vehicles: the list, the editor, VIN and capability look-ups and imports (spec 1 §3, §7, 2 §3, §5, §7).

const FLEET = ['Affiliate', 'SecureEmployee'] as const;
const AREA = 'vehicles';

const LIST_SUMMARY =
  "Partners' fleets: an Affiliate its own vehicles, staff every partner's (partnerId narrows). Filters vehicleType, available, termed (termDate before today); deleted vehicles only with includeDeleted (staff).";
const SAVE_SUMMARY =
  'Adds a vehicle (Affiliates, and staff with FleetManagement or admin access) or changes one (staff any, an Affiliate its own; another partner\'s answers 404). The VIN is checked (17 characters, no I/O/Q, check digit) and belongs to one active vehicle; a termed vehicle is saved unavailable; a stale modCount answers 409 with the server\'s copy.';
const DELETE_SUMMARY = 'Deletes a vehicle (kept, marked deleted); refused while it is on trips from today on.';

const list = (path: string, access: readonly ('Affiliate' | 'SecureEmployee')[], summary: string) =>
  endpoint({ method: 'GET', path, area: AREA, summary, access: { roles: access }, answers: [404], query: VehicleListQuery, response: z.array(Vehicle) });
const save = (path: string, access: readonly ('Affiliate' | 'SecureEmployee')[], summary: string) =>
  endpoint({ method: 'POST', path, area: AREA, summary, access: { roles: access }, answers: [404, 409], body: VehicleSave, response: Vehicle });
const remove = (path: string, access: readonly ('Affiliate' | 'SecureEmployee')[], summary: string) =>
  endpoint({ method: 'DELETE', path, area: AREA, summary, access: { roles: access }, answers: [404, 409], query: VehicleDeleteQuery, response: Vehicle });

const INTERNAL = " Only the operator's own (in-house) fleet.";
const ALIAS = ' The same as vehicles-affiliate (spec DECISIONS).';

export const vehicleEndpoints = {
  vehiclesAffiliate: list('vehicles-affiliate', FLEET, LIST_SUMMARY),
  vehicleAffiliate: list('vehicle-affiliate', FLEET, LIST_SUMMARY + ALIAS),
  vehiclesInternal: list('vehicles-internal', ['SecureEmployee'], LIST_SUMMARY + INTERNAL),
  saveVehicleAffiliate: save('vehicles-affiliate', FLEET, SAVE_SUMMARY),
  saveVehicleAffiliateAlias: save('vehicle-affiliate', FLEET, SAVE_SUMMARY + ALIAS),
  saveVehicleInternal: save('vehicles-internal', ['SecureEmployee'], SAVE_SUMMARY + INTERNAL),
  deleteVehicleAffiliate: remove('vehicles-affiliate', FLEET, DELETE_SUMMARY),
  deleteVehicleAffiliateAlias: remove('vehicle-affiliate', FLEET, DELETE_SUMMARY + ALIAS),
  deleteVehicleInternal: remove('vehicles-internal', ['SecureEmployee'], DELETE_SUMMARY + INTERNAL),
  vehiclesProxy: endpoint({
    method: 'GET',
    path: 'vehicles-proxy',
    area: AREA,
    summary: 'Vehicles to pick from: not deleted, not termed and available, in the caller\'s scope (partnerId narrows for staff).',
    access: { roles: FLEET },
    query: z.object({ partnerId: z.uuid({ error: 'partner id must be a record id' }).optional() }),
    response: z.array(VehicleOption),
  }),
  autocompleteVehicles: endpoint({
    method: 'GET',
    path: 'api/autocomplete/vehicles',
    area: AREA,
    summary:
      "Vehicle typeahead: vehicles that can drive (as vehicles-proxy) whose number, VIN or plate starts with q (any case), at most 20, in the caller's scope; partnerId narrows for staff.",
    access: { roles: FLEET },
    query: z.object({
      q: text().trim().max(40, 'Search text is too long').optional(),
      partnerId: z.uuid({ error: 'partner id must be a record id' }).optional(),
    }),
    response: z.array(VehicleOption),
  }),
  vinLookup: endpoint({
    method: 'GET',
    path: 'vin-lookup',
    area: AREA,
    summary:
      'Decodes a valid 17-character VIN: model year and maker offline (position 10 and the bundled WMI table); model and mpg too when the NHTSA decoder is configured (VIN_DECODER_URL).',
    access: { roles: FLEET },
    query: VinLookupQuery,
    response: VinLookupResult,
  }),
  vehicleCapabilitiesLookup: endpoint({
    method: 'GET',
    path: 'vehicle-capabilities-lookup',
    area: AREA,
    summary: 'Seating of a make, model and year from the bundled table: ambo (walking seats), wc (wheelchair places), gurney. 404 when not listed.',
    access: { roles: FLEET },
    answers: [404],
    query: VehicleCapabilitiesQuery,
    response: z.object({ ambo: z.number().int(), wc: z.number().int(), gurney: z.boolean() }),
  }),
  vehicleColorOptions: endpoint({
    method: 'GET',
    path: 'vehicle-color-options',
    area: AREA,
    summary: 'Exterior colours the editor offers.',
    access: { roles: FLEET },
    response: z.array(text()),
  }),
  vehicleMakeModel: endpoint({
    method: 'GET',
    path: 'vehicle-make-model',
    area: AREA,
    summary: 'Makes with their models, for the editor\'s suggestions.',
    access: { roles: FLEET },
    response: z.array(z.object({ make: text(), models: z.array(text()) })),
  }),
  vehicleImportUpload: endpoint({
    method: 'POST',
    path: 'vehicle-import-upload',
    area: AREA,
    summary:
      'Reads a CSV of vehicles (columns vehicleNumber, vehicleType, vin and any other field of the editor) and answers a preview: each row to create or update by vehicle number, with its problems. Nothing is saved until vehicle-import-approve.',
    access: { roles: FLEET },
    answers: [404],
    body: VehicleImportUpload,
    response: VehicleImportPreview,
  }),
  vehicleImportApprove: endpoint({
    method: 'POST',
    path: 'vehicle-import-approve',
    area: AREA,
    summary: 'Saves every row of a previewed import in one transaction, checked again; refused when a row has problems.',
    access: { roles: FLEET },
    answers: [404, 409],
    body: VehicleImportApprove,
    response: VehicleImportResult,
  }),
} satisfies Record<string, Endpoint>;
