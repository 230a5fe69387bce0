ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "character_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "character_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "rank_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "rank_title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "rank_color" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ALTER COLUMN "limited" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_summaries" ADD COLUMN "as_of" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."grants" ADD COLUMN "obtained_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."user_summaries" ADD COLUMN "as_of" timestamp with time zone DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL;--> statement-breakpoint
-- Grants made before this migration: their result's first-obtained time is the entry's.
UPDATE "inventory"."grants" AS g SET "obtained_at" = e."obtained_at" FROM "inventory"."entries" AS e WHERE e."id" = g."entry_id";
