import path from 'node:path';
import { tileImageOrigin, tileSource, type TileSource } from '@tripline/core';

/** Configuration from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and uploaded files live. */
  dataDir: string;
  /** An existing PostgreSQL 15+; without it the embedded server is used. */
  databaseUrl: string | undefined;
  /** Load the demo operator into an empty database at start. */
  demoData: boolean;
  /** Cookies get the Secure flag (set when served over https). */
  secureCookies: boolean;
  /**
   * Behind a reverse proxy: take the client's address and protocol from X-Forwarded-For and
   * X-Forwarded-Proto, so per-address limits count clients, not the proxy.
   */
  trustProxy: boolean;
  /** Dated build, sent to browsers as the app version. */
  appVersion: string;
  /** Built web app to serve; absent in API-only runs. */
  webDist: string | undefined;
  logLevel: string;
  /** A Nominatim or Pelias search URL (GEOCODER_URL); without it addresses are placed at ZIP centroids. */
  geocoderUrl: string | undefined;
  /** An OSRM server (ROUTING_OSRM_URL); without it drives are estimated from the great-circle distance. */
  routingOsrmUrl: string | undefined;
  /** Average driving speed of the estimate (ROUTING_SPEED_KMH), km/h. */
  routingSpeedKmh: number;
  /** NHTSA's vPIC decoder (VIN_DECODER_URL, its vehicles API address); without it VIN lookup decodes year and maker offline. */
  vinDecoderUrl: string | undefined;
  /** The portal's address as users open it (PUBLIC_URL), for links in emails; without it, the request's own origin. */
  publicUrl: string | undefined;
  /** An SMTP server (SMTP_URL, smtp:// or smtps://, user and password in it); without it e-mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** The sender of e-mail (EMAIL_FROM). */
  emailFrom: string;
  /** An SMS and voice gateway (SMS_HTTP_URL); without it text messages stay in the outbox and phone calls are not offered. */
  smsHttpUrl: string | undefined;
  /** The gateway's bearer token (SMS_HTTP_TOKEN), also what the gateway sends back with STOP replies. */
  smsHttpToken: string | undefined;
  /** The number text messages and calls come from (SMS_FROM). */
  smsFrom: string | undefined;
  /** Map tile server (MAP_TILE_URL, a Leaflet URL template) and its credit; none: maps draw the county outlines alone. */
  mapTiles: TileSource | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const routingSpeedKmh = Number(env.ROUTING_SPEED_KMH || 40);
  if (!(routingSpeedKmh > 0 && routingSpeedKmh <= 200)) {
    throw new Error(`ROUTING_SPEED_KMH must be a speed in km/h above 0 and at most 200, not "${env.ROUTING_SPEED_KMH}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoData: env.DEMO_DATA !== 'false',
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    appVersion: env.APP_VERSION ?? new Date().toISOString().slice(0, 10),
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    geocoderUrl: httpUrl('GEOCODER_URL', env.GEOCODER_URL),
    routingOsrmUrl: httpUrl('ROUTING_OSRM_URL', env.ROUTING_OSRM_URL),
    routingSpeedKmh,
    vinDecoderUrl: httpUrl('VIN_DECODER_URL', env.VIN_DECODER_URL),
    publicUrl: httpUrl('PUBLIC_URL', env.PUBLIC_URL),
    ...messagingConfig(env),
  };
}

/** E-mail and phone providers: each needs its whole set of settings, or start-up names what is missing. */
function messagingConfig(env: NodeJS.ProcessEnv) {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  if (smtpUrl && !env.EMAIL_FROM) throw new Error('EMAIL_FROM must be set with SMTP_URL');
  const smsHttpUrl = httpUrl('SMS_HTTP_URL', env.SMS_HTTP_URL);
  if (smsHttpUrl && (!env.SMS_HTTP_TOKEN || !env.SMS_FROM)) throw new Error('SMS_HTTP_TOKEN and SMS_FROM must be set with SMS_HTTP_URL');
  return {
    smtpUrl,
    emailFrom: env.EMAIL_FROM || 'Tripline <no-reply@localhost>',
    smsHttpUrl,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    smsFrom: env.SMS_FROM || undefined,
    mapTiles: mapTiles(env.MAP_TILE_URL, env.MAP_TILE_ATTRIBUTION),
  };
}

/** An outside service's address: absent, or an http(s) URL (anything else stops start-up with the setting's name). */
function mapTiles(url: string | undefined, attribution: string | undefined): TileSource | null {
  if (!url?.trim()) return null;
  const source = tileSource(url, attribution);
  if (!source || !tileImageOrigin(source)) throw new Error(`MAP_TILE_URL must be an http or https template with {z}, {x} and {y}, not "${url}"`);
  return source;
}

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`${name} must be an http or https address, not "${value}"`);
  return value;
}
