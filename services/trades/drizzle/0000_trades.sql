CREATE TABLE "trades"."outbox" (
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
CREATE TABLE "trades"."processed_messages" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE TABLE "trades"."trade_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"side" text NOT NULL,
	"inventory_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"character_id" integer,
	"character_name" text NOT NULL,
	"image_url" text,
	"limited" boolean DEFAULT false NOT NULL,
	"rank_code" text NOT NULL,
	"rank_title" text NOT NULL,
	"rank_color" text NOT NULL,
	CONSTRAINT "trade_items_quantity" CHECK ("trades"."trade_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades"."trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"release_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trades_parties_differ" CHECK ("trades"."trades"."from_user_id" <> "trades"."trades"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "trades"."trade_items" ADD CONSTRAINT "trade_items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "trades"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "trades"."outbox" USING btree ("occurred_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "trade_items_trade_idx" ON "trades"."trade_items" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trades_from_idx" ON "trades"."trades" USING btree ("from_user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "trades_to_idx" ON "trades"."trades" USING btree ("to_user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "trades_status_expires_idx" ON "trades"."trades" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "trades_created_idx" ON "trades"."trades" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trades_release_idx" ON "trades"."trades" USING btree ("id") WHERE release_pending;