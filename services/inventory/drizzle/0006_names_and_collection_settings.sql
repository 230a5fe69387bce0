CREATE TABLE "inventory"."collection_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ADD COLUMN "character_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ADD COLUMN "search_key" text;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ADD COLUMN "anime_ids" integer[] DEFAULT '{}'::int[] NOT NULL;