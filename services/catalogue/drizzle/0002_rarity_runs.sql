CREATE TABLE "catalogue"."rarity_history" (
	"card_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."rarity_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rarity_history_card_idx" ON "catalogue"."rarity_history" USING btree ("card_id","at");--> statement-breakpoint
CREATE INDEX "rarity_runs_at_idx" ON "catalogue"."rarity_runs" USING btree ("at");