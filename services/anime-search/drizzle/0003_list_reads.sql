CREATE TABLE "anime-search"."list_reads" (
	"list" text PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
