import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** What a repository is built over: the shared database, or one transaction of the unit of work. */
export type Executor = Kysely<DB> | Transaction<DB>;
