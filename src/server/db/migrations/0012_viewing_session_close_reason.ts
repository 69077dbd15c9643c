import type { Kysely } from 'kysely';

/**
 * Why a viewing session was closed, when it matters to its device: 'taken_over' when another device
 * of the same ticket took its place ('Watch here instead'), so that device's next call is told the
 * show moved rather than that the session ended. Null otherwise (open, closed by its own device, or
 * silent).
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('viewing_sessions').addColumn('closed_reason', 'text').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('viewing_sessions').dropColumn('closed_reason').execute();
}
