CREATE TABLE "inventory"."movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"trade_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory"."reservations" (
	"trade_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "reservations_trade_id_entry_id_pk" PRIMARY KEY("trade_id","entry_id"),
	CONSTRAINT "reservations_quantity_positive" CHECK ("inventory"."reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory"."trade_settlements" (
	"trade_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_settlements_state" CHECK ("inventory"."trade_settlements"."state" in ('reserved', 'released', 'transferred'))
);
--> statement-breakpoint
CREATE INDEX "movements_card_to_idx" ON "inventory"."movements" USING btree ("card_id","to_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "movements_card_from_idx" ON "inventory"."movements" USING btree ("card_id","from_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "reservations_entry_idx" ON "inventory"."reservations" USING btree ("entry_id");--> statement-breakpoint
-- Provenance of the copies held before this migration: one movement per recorded grant, and a
-- 'seed' movement at the entry's first-obtained time for copies no grant accounts for.
INSERT INTO "inventory"."movements" ("card_id", "from_user_id", "to_user_id", "quantity", "kind", "occurred_at")
SELECT g."card_id", NULL, g."user_id", 1, CASE WHEN g."source" IN ('drop', 'admin', 'seed') THEN g."source" ELSE 'drop' END, g."created_at"
FROM "inventory"."grants" AS g WHERE g."entry_id" > 0;--> statement-breakpoint
INSERT INTO "inventory"."movements" ("card_id", "from_user_id", "to_user_id", "quantity", "kind", "occurred_at")
SELECT e."card_id", NULL, e."user_id", e."quantity" - coalesce(n."granted", 0), 'seed', e."obtained_at"
FROM "inventory"."entries" AS e
LEFT JOIN (SELECT "user_id", "card_id", count(*)::int AS "granted" FROM "inventory"."grants" WHERE "entry_id" > 0 GROUP BY "user_id", "card_id") AS n
  ON n."user_id" = e."user_id" AND n."card_id" = e."card_id"
WHERE e."quantity" - coalesce(n."granted", 0) > 0;
