import type { Pool } from 'pg';
import type { Clock } from './clock.ts';
import type { DatabaseStatus } from './db/availability.ts';
import type { Config } from './config.ts';
import type { FileStore } from './providers/files.ts';
import type { GeoServices } from './providers/geo.ts';
import type { Messenger } from './providers/messaging.ts';

/** What every module gets: the database, the time source, outside services and configuration. */
export interface AppDeps {
  pool: Pool;
  /** Whether the database is usable (the portal's own; absent, only failures tell). */
  database?: DatabaseStatus;
  clock: Clock;
  messenger: Messenger;
  files: FileStore;
  /** Geocoder and router (offline adapters unless configured). */
  geo: GeoServices;
  config: Pick<Config, 'secureCookies' | 'appVersion'> & Partial<Pick<Config, 'publicUrl' | 'smsHttpToken' | 'mapTiles'>> & {
    /** How long a trip search may take to find its trips (default SEARCH_TIMEOUT_MS). */
    searchTimeoutMs?: number;
  };
}
