CREATE TABLE "inventory"."wish_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_event_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"reason" text NOT NULL,
	"trade_id" integer,
	"entry_id" integer,
	"dm" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory"."wish_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dm" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory"."wishes" (
	"user_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishes_user_id_character_id_pk" PRIMARY KEY("user_id","character_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wish_alerts_source" ON "inventory"."wish_alerts" USING btree ("source_event_id","user_id","character_id");--> statement-breakpoint
CREATE INDEX "wish_alerts_dm_idx" ON "inventory"."wish_alerts" USING btree ("user_id","character_id","created_at") WHERE "inventory"."wish_alerts"."dm";--> statement-breakpoint
CREATE INDEX "wishes_character_idx" ON "inventory"."wishes" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "card_summaries_character_idx" ON "inventory"."card_summaries" USING btree ("character_id","id");