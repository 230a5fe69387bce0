-- The snapshot lists become the big-endian int4 bytes of their numbers (rules §37). The rows are
-- working copies of rarity runs, not data: a run caught by this migration builds its snapshot again.
DELETE FROM "inventory"."card_stats_snapshots";--> statement-breakpoint
DELETE FROM "inventory"."card_stats_runs";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ALTER COLUMN "card_ids" SET DATA TYPE bytea USING NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ALTER COLUMN "active_owners" SET DATA TYPE bytea USING NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ALTER COLUMN "owners" SET DATA TYPE bytea USING NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ALTER COLUMN "copies" SET DATA TYPE bytea USING NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ALTER COLUMN "likes" SET DATA TYPE bytea USING NULL;
