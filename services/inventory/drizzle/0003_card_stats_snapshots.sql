-- UNLOGGED by hand (drizzle-kit has no word for it): working copies of one rarity run, not data.
CREATE UNLOGGED TABLE "inventory"."card_stats_runs" (
	"run_id" text PRIMARY KEY NOT NULL,
	"active_players" integer NOT NULL,
	"max_card_id" integer NOT NULL,
	"chunk_span" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "inventory"."card_stats_snapshots" (
	"run_id" text NOT NULL,
	"chunk" integer NOT NULL,
	"card_ids" integer[] NOT NULL,
	"active_owners" integer[] NOT NULL,
	"owners" integer[] NOT NULL,
	"copies" integer[] NOT NULL,
	"likes" integer[] NOT NULL,
	CONSTRAINT "card_stats_snapshots_run_id_chunk_pk" PRIMARY KEY("run_id","chunk")
);
