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
