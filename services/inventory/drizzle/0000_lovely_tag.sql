CREATE TABLE "inventory"."card_summaries" (
	"id" integer PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"character_name" text NOT NULL,
	"rank_code" text NOT NULL,
	"rank_title" text NOT NULL,
	"rank_color" text NOT NULL,
	"limited" boolean NOT NULL,
	"image_url" text,
	"rarity_score" double precision DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory"."entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"obtained_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_quantity_nonnegative" CHECK ("inventory"."entries"."quantity" >= 0),
	CONSTRAINT "entries_reserved_range" CHECK ("inventory"."entries"."reserved" >= 0 and "inventory"."entries"."reserved" <= "inventory"."entries"."quantity")
);
--> statement-breakpoint
CREATE TABLE "inventory"."grants" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory"."likes" (
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_card_id_user_id_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inventory"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "inventory"."processed_messages" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE TABLE "inventory"."user_summaries" (
	"id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"discord_id" text NOT NULL,
	"avatar" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "entries_user_card" ON "inventory"."entries" USING btree ("user_id","card_id");--> statement-breakpoint
CREATE INDEX "entries_card_idx" ON "inventory"."entries" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "inventory"."outbox" USING btree ("occurred_at","id") WHERE published_at is null;