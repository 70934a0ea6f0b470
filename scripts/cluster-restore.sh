#!/usr/bin/env bash
# Restore of cluster mode (README, "Backup and restore") into an EMPTY database: one that has no
# tables yet (create it with `createdb` or `CREATE DATABASE`). Restoring under a new database name
# also gives the deployment a new NATS_PREFIX (it is derived from the database), so the restored
# services never take up the events of the deployment the backup came from.
#   DATABASE_URL=postgres://…/new_db [ASSETS_DIR=/srv/assets] scripts/cluster-restore.sh <directory>
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL must name the (empty) database to restore into}"
dir=${1:?usage: scripts/cluster-restore.sh <backup directory>}
[ -f "$dir/database.dump" ] || { echo "$dir has no database.dump" >&2; exit 1; }
(cd "$dir" && sha256sum --quiet --check SHA256SUMS) || { echo "$dir does not match its SHA256SUMS: the backup is damaged" >&2; exit 1; }
tables=$(psql "$DATABASE_URL" -Atc "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then echo "the database at DATABASE_URL already has $tables tables: restore into an empty database" >&2; exit 1; fi
if [ -f "$dir/assets.tar.gz" ]; then
  : "${ASSETS_DIR:?the backup holds media: set ASSETS_DIR to the (empty) media directory}"
  mkdir -p "$ASSETS_DIR"
  if [ -n "$(ls -A "$ASSETS_DIR")" ]; then echo "ASSETS_DIR $ASSETS_DIR is not empty" >&2; exit 1; fi
fi
started=$(date +%s%N)
# One transaction: a restore that fails half-way leaves the database empty, as it was.
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname "$DATABASE_URL" "$dir/database.dump"
if [ -f "$dir/assets.tar.gz" ]; then tar -C "$ASSETS_DIR" --no-same-owner -xzf "$dir/assets.tar.gz"; fi
printf 'Restored %s into %s (%d ms). Start the services on it; then `pnpm read-models status`.\n' "$dir" "${DATABASE_URL%%\?*}" "$(( ($(date +%s%N) - started) / 1000000 ))" | sed -E 's#//[^@/]*@#//#'
