#!/usr/bin/env bash
# Backup of cluster mode (README, "Backup and restore"): every service's schema lives in the one
# database at DATABASE_URL, so one pg_dump is one consistent snapshot of all of them (pg_dump reads
# in a single repeatable-read transaction while the services keep running). Media is copied from
# ASSETS_DIR when it is set (a volume); S3 media stays in its bucket (copy it with the bucket's own
# versioning or replication).
#   DATABASE_URL=postgres://… [ASSETS_DIR=/srv/assets] scripts/cluster-backup.sh [directory]
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
command -v pg_dump >/dev/null || { echo "pg_dump is not installed (Debian: apt-get install postgresql-client; its major version must be at least the server's)" >&2; exit 1; }
out=${1:-sitebuilder-cluster-$(date -u +%Y%m%d-%H%M%S)}
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then echo "$out exists and is not empty; name another directory" >&2; exit 1; fi
mkdir -p "$out"
started=$(date +%s%N)
# custom format: compressed, and pg_restore can restore one schema (one service) from it alone.
pg_dump --format=custom --no-owner --no-privileges --file "$out/database.dump" "$DATABASE_URL"
if [ -n "${ASSETS_DIR:-}" ] && [ -d "$ASSETS_DIR" ]; then
  tar -C "$ASSETS_DIR" --exclude='*.part' -czf "$out/assets.tar.gz" .
fi
{
  echo "created: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "pg_dump: $(pg_dump --version)"
  echo "schemas: $(pg_restore --list "$out/database.dump" | awk '$4 == "SCHEMA" { print $6 }' | sort | tr '\n' ' ')"
  echo "tables: $(pg_restore --list "$out/database.dump" | grep -c ' TABLE DATA ')"
} > "$out/manifest.txt"
(cd "$out" && sha256sum database.dump $( [ -f assets.tar.gz ] && echo assets.tar.gz ) > SHA256SUMS)
printf 'Backed up %s to %s (%s, %d ms)\n' "${DATABASE_URL%%\?*}" "$out" "$(du -sh "$out" | cut -f1)" "$(( ($(date +%s%N) - started) / 1000000 ))" | sed -E 's#//[^@/]*@#//#'
