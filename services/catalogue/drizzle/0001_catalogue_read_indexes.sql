DROP INDEX "catalogue"."cards_character_idx";--> statement-breakpoint
CREATE INDEX "cards_character_rank_idx" ON "catalogue"."cards" USING btree ("character_id","rank_id");--> statement-breakpoint
CREATE INDEX "cards_season_idx" ON "catalogue"."cards" USING btree ("season_id");--> statement-breakpoint
ALTER TABLE "catalogue"."seasons" ADD CONSTRAINT "seasons_dates_in_order" CHECK ("catalogue"."seasons"."start_date" <= "catalogue"."seasons"."end_date");