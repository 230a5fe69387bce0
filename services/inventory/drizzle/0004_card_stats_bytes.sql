-- A snapshot chunk's figures become one bytea: per card big-endian int4 (rules §37). The rows are
-- working copies of rarity runs, not data: a run caught by this migration builds its snapshot
-- again.
DELETE FROM "inventory"."card_stats_snapshots";--> statement-breakpoint
DELETE FROM "inventory"."card_stats_runs";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_runs" ADD COLUMN "scores_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" ADD COLUMN "figures" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" DROP COLUMN "card_ids";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" DROP COLUMN "active_owners";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" DROP COLUMN "owners";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" DROP COLUMN "copies";--> statement-breakpoint
ALTER TABLE "inventory"."card_stats_snapshots" DROP COLUMN "likes";--> statement-breakpoint
-- Who is active: recent moves of held copies, read from the index alone.
CREATE INDEX "entries_recent_idx" ON "inventory"."entries" USING btree ("updated_at","user_id") WHERE "inventory"."entries"."quantity" > 0;
