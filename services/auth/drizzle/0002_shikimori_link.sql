ALTER TABLE "auth"."oauth_states" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "auth"."oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_shikimori_id_key" ON "auth"."users" USING btree ("shikimori_id");