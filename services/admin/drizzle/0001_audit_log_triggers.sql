-- The audit log is append-only: no role may change or remove a row once written.
CREATE FUNCTION "admin"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "admin"."audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin"."audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "admin"."audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin"."audit_log_append_only"();
--> statement-breakpoint
-- Counts per UTC day, category and action, kept with every insert into the log (one statement
-- trigger: a bulk insert adds its rows grouped). The log is append-only, so counts only grow.
CREATE FUNCTION "admin"."audit_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "admin"."audit_counts" ("day", "category", "action", "n")
  SELECT date_trunc('day', "created_at", 'UTC'), "category", "action", count(*) FROM inserted
  GROUP BY 1, 2, 3
  ON CONFLICT ("day", "category", "action") DO UPDATE SET "n" = "audit_counts"."n" + excluded."n";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts" AFTER INSERT ON "admin"."audit_log"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "admin"."audit_counts_add"();
