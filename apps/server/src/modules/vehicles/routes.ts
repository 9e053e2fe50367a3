import { VEHICLE_COLORS, contract, operatorToday, vehicleMakeModels } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { vinDecoder } from '../../platform/providers/vin-decoder.ts';
import { approveVehicleImport, uploadVehicleImport } from './import.ts';
import { assertPartnerFilter, capabilitiesOf, oneOrNotFound, vehicleOptions } from './lookups.ts';
import { deleteVehicle } from './remove.ts';
import { listVehicles, type VehicleFilter } from './repository.ts';
import { saveVehicle } from './save.ts';

/** VIN_DECODER_URL, when the configuration passed to the app carries it (platform/config.ts). */
function decoderUrl(config: AppDeps['config']): string | undefined {
  return 'vinDecoderUrl' in config && typeof config.vinDecoderUrl === 'string' ? config.vinDecoderUrl : undefined;
}

/**
 * Partners' fleets and the operator's own (spec 1 §3, §7; 2 §3, §5, §7): the lists, the editor's
 * save and delete, its look-ups (VIN, seating, colours, makes) and the CSV import.
 */
export function vehicleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const decoder = vinDecoder(decoderUrl(deps.config));
  const today = () => operatorToday(deps.clock.now());
  const list = (internal: boolean) => (ctx: { user: Parameters<typeof listVehicles>[1]; query: VehicleFilter }) => {
    assertPartnerFilter(ctx.user, ctx.query);
    return listVehicles(deps.pool, ctx.user, { ...ctx.query, inHouse: internal }, today()).then((l) => oneOrNotFound(l, ctx.query));
  };
  const fleet = { internal: false };
  const inHouse = { internal: true };

  route(app, contract.vehiclesAffiliate, list(false));
  route(app, contract.vehicleAffiliate, list(false));
  route(app, contract.vehiclesInternal, list(true));
  route(app, contract.saveVehicleAffiliate, ({ req, user, body }) => saveVehicle(deps, req, user, body, fleet));
  route(app, contract.saveVehicleAffiliateAlias, ({ req, user, body }) => saveVehicle(deps, req, user, body, fleet));
  route(app, contract.saveVehicleInternal, ({ req, user, body }) => saveVehicle(deps, req, user, body, inHouse));
  route(app, contract.deleteVehicleAffiliate, ({ req, user, query }) => deleteVehicle(deps, req, user, query, fleet));
  route(app, contract.deleteVehicleAffiliateAlias, ({ req, user, query }) => deleteVehicle(deps, req, user, query, fleet));
  route(app, contract.deleteVehicleInternal, ({ req, user, query }) => deleteVehicle(deps, req, user, query, inHouse));
  route(app, contract.vehiclesProxy, ({ user, query }) => vehicleOptions(deps, user, query.partnerId));
  route(app, contract.autocompleteVehicles, ({ user, query }) => vehicleOptions(deps, user, query.partnerId, { q: query.q }));
  route(app, contract.vinLookup, ({ query }) => decoder.decode(query.vin));
  route(app, contract.vehicleCapabilitiesLookup, async ({ query }) => capabilitiesOf(query));
  route(app, contract.vehicleColorOptions, async () => [...VEHICLE_COLORS]);
  route(app, contract.vehicleMakeModel, async () => vehicleMakeModels());
  route(app, contract.vehicleImportUpload, ({ req, user, body }) => uploadVehicleImport(deps, req, user, body));
  route(app, contract.vehicleImportApprove, ({ req, user, body }) => approveVehicleImport(deps, req, user, body.importId));
}
