CREATE TABLE "admin"."audit_counts" (
	"hour" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_counts_hour_category_action_pk" PRIMARY KEY("hour","category","action")
);
--> statement-breakpoint
DROP INDEX "admin"."audit_log_category_idx";--> statement-breakpoint
DROP INDEX "admin"."audit_log_action_idx";--> statement-breakpoint
DROP INDEX "admin"."audit_log_actor_idx";--> statement-breakpoint
CREATE INDEX "audit_counts_action_idx" ON "admin"."audit_counts" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_category_idx" ON "admin"."audit_log" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "admin"."audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "admin"."audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Counts per UTC hour, category and action, kept with every insert into the log (one statement
-- trigger: a bulk insert adds its rows grouped). The log is append-only, so counts only grow.
CREATE FUNCTION "admin"."audit_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "admin"."audit_counts" ("hour", "category", "action", "n")
  SELECT date_trunc('hour', "created_at", 'UTC'), "category", "action", count(*) FROM inserted
  GROUP BY 1, 2, 3
  ON CONFLICT ("hour", "category", "action") DO UPDATE SET "n" = "audit_counts"."n" + excluded."n";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts" AFTER INSERT ON "admin"."audit_log"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "admin"."audit_counts_add"();
--> statement-breakpoint
INSERT INTO "admin"."audit_counts" ("hour", "category", "action", "n")
SELECT date_trunc('hour', "created_at", 'UTC'), "category", "action", count(*) FROM "admin"."audit_log" GROUP BY 1, 2, 3;
