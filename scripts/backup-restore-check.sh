#!/usr/bin/env bash
# Tries a backup for real: pg_dump of the shop's database (custom format, as docs/deploy.md says to take
# them), pg_restore into a scratch database, then the row count of every table compared between the two.
# Exit 0 and "restore matches" when every table has the same rows; 1 and the differing tables otherwise.
#
#   SOURCE_DATABASE_URL   the database to back up (read only)
#   SCRATCH_DATABASE_URL  an empty database to restore into (its contents are replaced)
#   BACKUP_SCHEMA         optional: only this schema (default: every schema pg_dump takes)
#   BACKUP_FILE           optional: where the dump goes (default: a temporary file, removed afterwards)
set -euo pipefail

: "${SOURCE_DATABASE_URL:?set SOURCE_DATABASE_URL to the database to back up}"
: "${SCRATCH_DATABASE_URL:?set SCRATCH_DATABASE_URL to an empty database to restore into}"
if [ "$SOURCE_DATABASE_URL" = "$SCRATCH_DATABASE_URL" ]; then
  echo "SCRATCH_DATABASE_URL must not be the source database" >&2
  exit 2
fi

dump="${BACKUP_FILE:-$(mktemp --suffix=.dump)}"
[ -n "${BACKUP_FILE:-}" ] || trap 'rm -f "$dump"' EXIT
schema_args=()
[ -z "${BACKUP_SCHEMA:-}" ] || schema_args=(--schema="$BACKUP_SCHEMA")

started=$(date +%s)
pg_dump --format=custom --no-owner --no-privileges "${schema_args[@]}" --file="$dump" "$SOURCE_DATABASE_URL"
echo "backup: $(du -h "$dump" | cut -f1) in $(( $(date +%s) - started )) s"

started=$(date +%s)
pg_restore --no-owner --no-privileges --clean --if-exists --exit-on-error --dbname="$SCRATCH_DATABASE_URL" "$dump"
echo "restore: $(( $(date +%s) - started )) s"

# Exact row counts of every table in the dumped schemas, as "schema.table count" lines.
count_rows() {
  local where="n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'"
  [ -z "${BACKUP_SCHEMA:-}" ] || where="n.nspname = '${BACKUP_SCHEMA//\'/\'\'}'"
  psql "$1" -X -q -t -A -v ON_ERROR_STOP=1 <<SQL
select format('select %L || '' '' || count(*) from %I.%I;', n.nspname || '.' || c.relname, n.nspname, c.relname)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'r' and $where
order by 1
\gexec
SQL
}

source_counts=$(count_rows "$SOURCE_DATABASE_URL" | sort)
restored_counts=$(count_rows "$SCRATCH_DATABASE_URL" | sort)
tables=$(printf '%s\n' "$source_counts" | grep -c . || true)
rows=$(printf '%s\n' "$source_counts" | awk '{ s += $2 } END { print s + 0 }')
if [ "$source_counts" != "$restored_counts" ]; then
  echo "restore differs from the source:" >&2
  diff <(printf '%s\n' "$source_counts") <(printf '%s\n' "$restored_counts") >&2 || true
  exit 1
fi
echo "restore matches: $tables tables, $rows rows"
