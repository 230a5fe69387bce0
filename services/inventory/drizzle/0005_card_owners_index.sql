-- A card's entries in owner order with their quantities (rules §37): the rarity snapshot counts
-- every card's owners from this index alone, in card order, instead of hashing a million rows.
-- It also serves what the card-only index served (look-ups by card), which it replaces.
CREATE INDEX "entries_card_owners_idx" ON "inventory"."entries" USING btree ("card_id","user_id","quantity");--> statement-breakpoint
DROP INDEX "inventory"."entries_card_idx";
--> statement-breakpoint
-- That index is read alone only while the table's pages are all-visible (rules §37): vacuum the
-- entries after about 1% of them changed (1,000 rows at least), not the default 20%.
ALTER TABLE "inventory"."entries" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 1000);
