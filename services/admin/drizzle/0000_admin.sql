CREATE TABLE "admin"."audit_counts" (
	"day" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_counts_day_category_action_pk" PRIMARY KEY("day","category","action")
);
--> statement-breakpoint
CREATE TABLE "admin"."audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"service" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "admin"."news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_type" CHECK ("admin"."news"."type" in ('update', 'changelog', 'announcement', 'info'))
);
--> statement-breakpoint
CREATE TABLE "admin"."outbox" (
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
CREATE TABLE "admin"."processed_messages" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE TABLE "admin"."relay_posts" (
	"owner_id" text NOT NULL,
	"post_id" integer NOT NULL,
	"channel_id" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"last_error" text,
	"posted_at" timestamp with time zone,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relay_posts_owner_id_post_id_pk" PRIMARY KEY("owner_id","post_id"),
	CONSTRAINT "relay_posts_state" CHECK ("admin"."relay_posts"."state" in ('claimed', 'posted', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "admin"."relay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"trigger" text NOT NULL,
	"posted" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."translations" (
	"lang" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."users" (
	"id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"discord_id" text NOT NULL,
	"avatar" text,
	"admin_level" integer DEFAULT 0 NOT NULL,
	"as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_counts_action_idx" ON "admin"."audit_counts" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "admin"."audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_category_idx" ON "admin"."audit_log" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "admin"."audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "admin"."audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "admin"."news" USING btree ("published","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "admin"."outbox" USING btree ("occurred_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "users_discord_idx" ON "admin"."users" USING btree ("discord_id");