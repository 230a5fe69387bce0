-- By hand: rarity history becomes one row per write and per block of 1,000 card ids (rules §37),
-- and the rows written so far move over, grouped the same way.
ALTER TABLE "catalogue"."rarity_history" RENAME TO "rarity_history_rows";--> statement-breakpoint
ALTER INDEX "catalogue"."rarity_history_card_idx" RENAME TO "rarity_history_rows_card_idx";--> statement-breakpoint
CREATE TABLE "catalogue"."rarity_history" (
	"block" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"card_ids" integer[] NOT NULL,
	"scores" double precision[] NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue"."rarity_history" ("block", "at", "card_ids", "scores")
SELECT "card_id" / 1000, "at", array_agg("card_id" ORDER BY "card_id"), array_agg("score" ORDER BY "card_id")
FROM "catalogue"."rarity_history_rows" GROUP BY 1, 2;--> statement-breakpoint
DROP TABLE "catalogue"."rarity_history_rows";--> statement-breakpoint
CREATE INDEX "rarity_history_block_idx" ON "catalogue"."rarity_history" USING btree ("block","at");
