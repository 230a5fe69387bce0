-- One service's own PostgreSQL role (architecture §7: each service owns one schema).
-- Run by init-roles.sh with psql variables, once per database-owning service of system.ts:
--   role      the login role, named as the service (a test prefixes it);
--   password  its password (from the environment, never committed);
--   schema    the service's schema, named as the service;
--   database  the database all services share.
-- deploy/runner/src/postgres-roles.infra.test.ts runs this same file against a real server.

create role :"role" login password :'password';

-- Connect, and create schemas: drizzle's migrator always issues CREATE SCHEMA IF NOT EXISTS for
-- the schema it keeps its table in, and PostgreSQL checks the database's CREATE privilege before
-- it sees the schema already exists. A schema the role creates is its own; it gains no right on
-- any other.
grant connect, create on database :"database" to :"role";

-- The service's schema, owned by its role: tables, sequences and the migrations table it makes
-- are its own. No other role has USAGE on it, so nothing in it can be read by another service.
create schema if not exists :"schema" authorization :"role";
revoke all on schema :"schema" from public;
