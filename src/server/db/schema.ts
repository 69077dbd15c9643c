import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. One interface per table, named after it. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface GuestsTable {
  id: string;
  created_at: Generated<Date>;
  last_seen_ip: string | null;
}

export interface DB {
  settings: SettingsTable;
  guests: GuestsTable;
}
