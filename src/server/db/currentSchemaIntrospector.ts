import {
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

type ColumnRow = {
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  serial: boolean;
  comment: string | null;
};

const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Kysely's introspection, kept to the connection's own schema. The migrator asks for "every table"
 * before each run to see whether its own tables exist; Kysely's PostgreSQL introspector answers by
 * scanning every schema of the database and failed ('schema "…" does not exist') whenever another
 * session dropped a schema mid-scan: another application or test run sharing the database could
 * stop this server from starting. The server only ever lives in one schema, so it reads only that one.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select c.relname as "table", c.relkind as kind, ns.nspname as "schema", a.attname as "column",
             typ.typname as "type", tns.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, col_description(a.attrelid, a.attnum) as "comment",
             (a.attidentity <> '' or pg_get_serial_sequence(format('%I.%I', ns.nspname, c.relname), a.attname)
               is not null) as serial
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
       where ns.nspname = current_schema()
         and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && MIGRATION_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial,
        ...(row.comment !== null ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely ships it, with introspection kept to the connection's schema (see above). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
