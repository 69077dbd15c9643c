#!/usr/bin/env bash
# Tries a backup for real: pg_dump of the shop's database (custom format, as docs/deploy.md says to take
# them), pg_restore into a scratch database, then
#   1. the contents of every table (row count and a checksum of its rows) and every sequence's position
#      compared between the two, the source read in the very snapshot the dump was taken from, so a shop
#      taking orders meanwhile does not differ from its own backup;
#   2. the storefront started on the restored copy (scripts/backup-restore-serves.mjs): it must answer
#      /readyz and show the source's published events with their titles. Equal rows are not enough: a
#      restore whose schema the server cannot use (a column renamed, a migration missing) fails here.
# Exit 0 with "restore matches" and "restored copy serves" when both hold; 1 with what differs otherwise.
#
#   SOURCE_DATABASE_URL   the database to back up (read only)
#   SCRATCH_DATABASE_URL  an empty database to restore into (its contents are replaced, and the check's
#                         server writes to it)
#   BACKUP_SCHEMA         optional: only this schema (default: every schema pg_dump takes)
#   BACKUP_FILE           optional: where the dump goes (default: a temporary file, removed afterwards)
set -euo pipefail

: "${SOURCE_DATABASE_URL:?set SOURCE_DATABASE_URL to the database to back up}"
: "${SCRATCH_DATABASE_URL:?set SCRATCH_DATABASE_URL to an empty database to restore into}"
if [ "$SOURCE_DATABASE_URL" = "$SCRATCH_DATABASE_URL" ]; then
  echo "SCRATCH_DATABASE_URL must not be the source database" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

work=$(mktemp -d)
dump="${BACKUP_FILE:-$work/shop.dump}"
schema_args=()
[ -z "${BACKUP_SCHEMA:-}" ] || schema_args=(--schema="$BACKUP_SCHEMA")

# One session on the source holds a snapshot open: the dump is taken from it, and so are the source's
# checksums and the events the restored copy must show.
coproc SOURCE { psql "$SOURCE_DATABASE_URL" -X -q -t -A -v ON_ERROR_STOP=1 2>&1; }
# Copies of the coprocess's pipes: bash closes its own in the subshells of $( ) and pipelines.
exec {source_in}>&"${SOURCE[1]}" {source_out}<&"${SOURCE[0]}"
eval "exec ${SOURCE[1]}>&- ${SOURCE[0]}<&-"
source_pid=$SOURCE_PID
trap 'exec {source_in}>&-; wait "$source_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
# Sends SQL to the source session and prints what it answers, up to the marker that ends it.
in_source() {
  printf '%s\n\\echo __done__\n' "$1" >&"$source_in"
  local line
  while IFS= read -r line <&"$source_out"; do
    [ "$line" = "__done__" ] && return 0
    printf '%s\n' "$line"
  done
  echo "the source session ended early" >&2
  return 1
}
snapshot=$(in_source "begin isolation level repeatable read read only; select pg_export_snapshot();")
case "$snapshot" in
  *-*-*) ;;
  *) echo "could not take a snapshot of the source: $snapshot" >&2; exit 1 ;;
esac

started=$(date +%s)
pg_dump --format=custom --no-owner --no-privileges --snapshot="$snapshot" "${schema_args[@]}" --file="$dump" \
  "$SOURCE_DATABASE_URL"
echo "backup: $(du -h "$dump" | cut -f1) in $(( $(date +%s) - started )) s"

started=$(date +%s)
pg_restore --no-owner --no-privileges --clean --if-exists --exit-on-error --dbname="$SCRATCH_DATABASE_URL" "$dump"
echo "restore: $(( $(date +%s) - started )) s"

# The same text for the same value in both databases, whatever either one's defaults.
settings="set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres';
set extra_float_digits = 3; set bytea_output = 'hex';"
where="n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'"
[ -z "${BACKUP_SCHEMA:-}" ] || where="n.nspname = '${BACKUP_SCHEMA//\'/\'\'}'"
# "table schema.name rows checksum" per table and "sequence schema.name last_value is_called" per
# sequence. A row's checksum is the md5 of its text; a table's, of its rows' checksums in order, so
# neither the rows' physical order nor a collation decides it.
contents_sql="$settings
select format('select %L || '' '' || count(*) || '' '' || coalesce(md5(string_agg(md5(t::text), %L order by md5(t::text))), %L) from %I.%I t;',
  'table ' || n.nspname || '.' || c.relname, '', '-', n.nspname, c.relname)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'r' and $where
union all
select format('select %L || '' '' || last_value || '' '' || is_called from %I.%I;',
  'sequence ' || n.nspname || '.' || c.relname, n.nspname, c.relname)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'S' and $where
order by 1
\\gexec"

source_contents=$(in_source "$contents_sql" | sort)
restored_contents=$(psql "$SCRATCH_DATABASE_URL" -X -q -t -A -v ON_ERROR_STOP=1 <<<"$contents_sql" | sort)

# Published events, spread over the catalog by a hash of their id: the restored server must show them.
search_path=""
[ -z "${BACKUP_SCHEMA:-}" ] || search_path="set search_path = \"${BACKUP_SCHEMA//\"/\"\"}\";"
in_source "$search_path
select coalesce(jsonb_agg(jsonb_build_object('id', id, 'title', title)), '[]')::text
from (select id, title from events where published order by md5(id::text) limit 50) e;" >"$work/events.json"
in_source "commit;" >/dev/null

tables=$(printf '%s\n' "$source_contents" | grep -c '^table ' || true)
rows=$(printf '%s\n' "$source_contents" | awk '$1 == "table" { s += $3 } END { print s + 0 }')
if [ "$source_contents" != "$restored_contents" ]; then
  echo "restore differs from the source (< source, > restored copy):" >&2
  diff <(printf '%s\n' "$source_contents") <(printf '%s\n' "$restored_contents") >&2 || true
  exit 1
fi
echo "restore matches: $tables tables, $rows rows, every row's contents"

RESTORED_DATABASE_URL="$SCRATCH_DATABASE_URL" EXPECTED_EVENTS="$work/events.json" DATA_DIR="$work/data" \
  node "$here/backup-restore-serves.mjs"
