import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CurrentSchemaIntrospector } from './currentSchemaIntrospector';

/** Statements that write nothing themselves, or end a transaction: never held back for room. */
const WRITES_NOTHING = /^\s*(select|commit|rollback)\b/i;

export type PGliteDialectOptions = {
  /**
   * Called before every other statement; throws to refuse it. A PGlite whose write-ahead log cannot
   * start its next file on a full disk stops (a PANIC) and never answers again: the statement in
   * flight, or the next one, holds the process's event loop for good. Refusing writes while the disk
   * lacks the room for that file keeps it from getting there.
   */
  beforeWrite?: () => void;
};

/**
 * Kysely dialect for PGlite. PGlite is a single Postgres session, so two requests must never share
 * it mid-transaction: the driver hands out its one connection to one holder at a time (a FIFO
 * mutex), and a transaction keeps it until commit or rollback.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly options: PGliteDialectOptions = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.options);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new CurrentSchemaIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(pg: PGlite, options: PGliteDialectOptions) {
    this.connection = new PGliteConnection(pg, options);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release?.();
  }

  async destroy() {
    await this.queue;
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(
    private readonly pg: PGlite | Transaction,
    private readonly options: PGliteDialectOptions,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.options.beforeWrite && !WRITES_NOTHING.test(compiled.sql)) this.options.beforeWrite();
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && !result.fields.length ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream; use execute()');
  }
}
