CREATE TABLE "catalogue"."rank_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"undo_of" integer,
	"thresholds_before" jsonb NOT NULL,
	"thresholds_after" jsonb NOT NULL,
	"card_ids" integer[] NOT NULL,
	"ranks_before" integer[] NOT NULL,
	"ranks_after" integer[] NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undone_in" integer
);
--> statement-breakpoint
CREATE INDEX "rank_revisions_at_idx" ON "catalogue"."rank_revisions" USING btree ("at");