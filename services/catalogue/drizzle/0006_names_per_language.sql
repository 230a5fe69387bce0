ALTER TABLE "catalogue"."anime" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."characters" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."characters" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."characters" ADD COLUMN "search_key" text;