#!/bin/sh
# Creates each database-owning service's own login role and schema (deploy/postgres/service-role.sql).
# Mounted into the postgres container's /docker-entrypoint-initdb.d, so it runs once, when the
# data volume is empty. ACG_SERVICE_ROLES lists the services; each one's password comes from
# POSTGRES_PASSWORD_<SERVICE> (anime-search -> POSTGRES_PASSWORD_ANIME_SEARCH). ACG_SERVICE_ROLE_SQL
# overrides where the SQL file is (to run this outside the container).
set -eu
for service in ${ACG_SERVICE_ROLES:?set ACG_SERVICE_ROLES}; do
  variable="POSTGRES_PASSWORD_$(echo "$service" | tr 'a-z-' 'A-Z_')"
  password="$(printenv "$variable" || true)"
  if [ -z "$password" ]; then
    echo "init-roles: $variable is not set" >&2
    exit 1
  fi
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v role="$service" -v schema="$service" -v password="$password" -v database="$POSTGRES_DB" \
    -f "${ACG_SERVICE_ROLE_SQL:-/etc/acg/service-role.sql}"
  echo "init-roles: role and schema $service created"
done
