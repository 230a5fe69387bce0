-- News in other languages (issue 12, beyond the spec): { "<lang>": { "title", "content" } }.
ALTER TABLE "admin"."news" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
