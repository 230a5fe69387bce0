CREATE TABLE "anime-search"."anime" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"mal_id" integer,
	"shikimori_id" integer,
	"anilist_id" integer,
	"shikimori" jsonb,
	"anilist" jsonb,
	"shikimori_at" timestamp with time zone,
	"anilist_at" timestamp with time zone,
	"shikimori_detail_at" timestamp with time zone,
	"anilist_detail_at" timestamp with time zone,
	"popularity" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anime_key_unique" UNIQUE("key"),
	CONSTRAINT "anime_shikimori_id_unique" UNIQUE("shikimori_id"),
	CONSTRAINT "anime_anilist_id_unique" UNIQUE("anilist_id")
);
--> statement-breakpoint
CREATE TABLE "anime-search"."anime_titles" (
	"anime_id" integer NOT NULL,
	"title" text NOT NULL,
	"norm" text GENERATED ALWAYS AS (immutable_unaccent(lower(title))) STORED NOT NULL,
	CONSTRAINT "anime_titles_anime_id_title_pk" PRIMARY KEY("anime_id","title")
);
--> statement-breakpoint
CREATE TABLE "anime-search"."searches" (
	"query" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shikimori_at" timestamp with time zone,
	"anilist_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "anime-search"."anime_titles" ADD CONSTRAINT "anime_titles_anime_id_anime_id_fk" FOREIGN KEY ("anime_id") REFERENCES "anime-search"."anime"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anime_refreshed_idx" ON "anime-search"."anime" USING btree ("refreshed_at");--> statement-breakpoint
CREATE INDEX "anime_titles_norm_trgm_idx" ON "anime-search"."anime_titles" USING gin ("norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "searches_hits_idx" ON "anime-search"."searches" USING btree ("hits");