-- Trigram search and accent folding for the anime index (issue 24). Both extensions are trusted
-- (PostgreSQL 13+): the service's own role, with CREATE on the database, may create them. They
-- go into the service's schema, which is first on its search_path; if an operator installed them
-- elsewhere beforehand (public), `if not exists` keeps that copy, also on the search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA "anime-search";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA "anime-search";--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); a generated column and an index need
-- an IMMUTABLE function. The dictionary is fixed here, so this wrapper may say so.
CREATE FUNCTION "anime-search".immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  SET search_path FROM CURRENT
  AS $$ SELECT unaccent('unaccent', $1) $$;
