#!/bin/sh
# Runs once, when the PostgreSQL data volume is first initialised (docker-entrypoint-initdb.d of the
# official postgres image; it is executed when executable and sourced otherwise, so it neither calls
# `exit` on success nor changes shell options). Creates:
#
#   role temporal    (LOGIN, CREATEDB)  owns databases temporal and temporal_visibility; the
#                                        temporal service (auto-setup) installs and upgrades their
#                                        schemas at every start
#   role ledgerlift  (LOGIN)            owns database ledgerlift: the shared run store
#                                        (LEDGERLIFT_RUN_STORE_URL); workers create its two tables
#
# Passwords come from the environment (TEMPORAL_DB_PASSWORD, LEDGERLIFT_RUN_STORE_PASSWORD), never
# from this file. To change one later, use ALTER ROLE: this script does not run again.

: "${TEMPORAL_DB_PASSWORD:?TEMPORAL_DB_PASSWORD is not set}"
: "${LEDGERLIFT_RUN_STORE_PASSWORD:?LEDGERLIFT_RUN_STORE_PASSWORD is not set}"

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  --set temporal_password="$TEMPORAL_DB_PASSWORD" \
  --set run_store_password="$LEDGERLIFT_RUN_STORE_PASSWORD" <<'SQL'
CREATE ROLE temporal LOGIN CREATEDB PASSWORD :'temporal_password';
CREATE DATABASE temporal OWNER temporal;
CREATE DATABASE temporal_visibility OWNER temporal;

CREATE ROLE ledgerlift LOGIN PASSWORD :'run_store_password';
CREATE DATABASE ledgerlift OWNER ledgerlift;
REVOKE ALL ON DATABASE ledgerlift FROM PUBLIC;
REVOKE ALL ON DATABASE temporal FROM PUBLIC;
REVOKE ALL ON DATABASE temporal_visibility FROM PUBLIC;
SQL
