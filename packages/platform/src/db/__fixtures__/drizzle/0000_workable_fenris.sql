CREATE TABLE "fixture"."cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixture"."outbox" (
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
CREATE TABLE "fixture"."processed_messages" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "fixture"."outbox" USING btree ("occurred_at","id") WHERE published_at is null;