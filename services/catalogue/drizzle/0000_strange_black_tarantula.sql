CREATE TABLE "catalogue"."anime" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"shikimori_id" integer,
	"anilist_id" integer,
	"franchise_id" integer,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anime_shikimori_id_unique" UNIQUE("shikimori_id"),
	CONSTRAINT "anime_anilist_id_unique" UNIQUE("anilist_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."anime_characters" (
	"anime_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	CONSTRAINT "anime_characters_anime_id_character_id_pk" PRIMARY KEY("anime_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"character_id" integer NOT NULL,
	"rank_id" integer NOT NULL,
	"season_id" integer,
	"limited" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"rarity_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"altname" text,
	"description" text,
	"image_url" text,
	"shikimori_id" integer,
	"anilist_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_shikimori_id_unique" UNIQUE("shikimori_id"),
	CONSTRAINT "characters_anilist_id_unique" UNIQUE("anilist_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."franchises" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."outbox" (
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
CREATE TABLE "catalogue"."processed_messages" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_messages_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"color" text DEFAULT '#9e9e9e' NOT NULL,
	"image_url" text,
	"threshold" double precision,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ranks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."anime" ADD CONSTRAINT "anime_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "catalogue"."franchises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."anime_characters" ADD CONSTRAINT "anime_characters_anime_id_anime_id_fk" FOREIGN KEY ("anime_id") REFERENCES "catalogue"."anime"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."anime_characters" ADD CONSTRAINT "anime_characters_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "catalogue"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."cards" ADD CONSTRAINT "cards_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "catalogue"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."cards" ADD CONSTRAINT "cards_rank_id_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "catalogue"."ranks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."cards" ADD CONSTRAINT "cards_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "catalogue"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anime_franchise_idx" ON "catalogue"."anime" USING btree ("franchise_id");--> statement-breakpoint
CREATE INDEX "anime_characters_character_idx" ON "catalogue"."anime_characters" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "cards_character_idx" ON "catalogue"."cards" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "cards_rank_idx" ON "catalogue"."cards" USING btree ("rank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "franchises_title_ci" ON "catalogue"."franchises" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "catalogue"."outbox" USING btree ("occurred_at","id") WHERE published_at is null;