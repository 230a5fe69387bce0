CREATE TABLE "inventory"."copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"print_number" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"trade_id" integer,
	"dropped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copies_print_positive" CHECK ("inventory"."copies"."print_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory"."print_runs" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"printed" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory"."grants" ADD COLUMN "print_number" integer;--> statement-breakpoint
ALTER TABLE "inventory"."movements" ADD COLUMN "print_numbers" integer[];--> statement-breakpoint
CREATE UNIQUE INDEX "copies_card_print" ON "inventory"."copies" USING btree ("card_id","print_number");--> statement-breakpoint
CREATE INDEX "copies_entry_idx" ON "inventory"."copies" USING btree ("entry_id","print_number");--> statement-breakpoint
CREATE INDEX "copies_trade_idx" ON "inventory"."copies" USING btree ("trade_id") WHERE "inventory"."copies"."trade_id" is not null;--> statement-breakpoint
-- Existing copies get print numbers by drop time (rules §59). Before this migration the copies of
-- one entry were interchangeable, so which copy a trade moved cannot be told: a copy's time is
-- the k-th latest arrival of its card at its holder (the drop itself for a copy never traded,
-- else the trade that brought it), or the entry's first-obtained time where no movement says.
-- Per card, copies are numbered 1, 2, 3… in that order (ties by entry, then copy).
WITH arrivals AS (
  SELECT m.card_id, m.to_user_id AS user_id, m.occurred_at,
    row_number() OVER (PARTITION BY m.card_id, m.to_user_id ORDER BY m.occurred_at DESC, m.id DESC, g.n) AS k
  FROM "inventory"."movements" m, generate_series(1, m.quantity) AS g(n)
), held AS (
  SELECT e.id AS entry_id, e.card_id, coalesce(a.occurred_at, e.obtained_at) AS dropped_at, g.k
  FROM "inventory"."entries" e
  CROSS JOIN LATERAL generate_series(1, e.quantity) AS g(k)
  LEFT JOIN arrivals a ON a.card_id = e.card_id AND a.user_id = e.user_id AND a.k = g.k
  WHERE e.quantity > 0
)
INSERT INTO "inventory"."copies" ("card_id", "print_number", "entry_id", "dropped_at")
SELECT card_id, row_number() OVER (PARTITION BY card_id ORDER BY dropped_at, entry_id, k), entry_id, dropped_at
FROM held;
--> statement-breakpoint
-- Copies held in escrow by pending trades: each reservation takes the entry's highest numbers
-- (what a new reservation takes), trades in id order.
WITH slots AS (
  SELECT r.trade_id, r.entry_id, r.quantity,
    sum(r.quantity) OVER (PARTITION BY r.entry_id ORDER BY r.trade_id) AS upto
  FROM "inventory"."reservations" r
), numbered AS (
  SELECT c.id, c.entry_id, row_number() OVER (PARTITION BY c.entry_id ORDER BY c.print_number DESC) AS n
  FROM "inventory"."copies" c
)
UPDATE "inventory"."copies" c SET "trade_id" = s.trade_id
FROM numbered n JOIN slots s ON s.entry_id = n.entry_id AND n.n > s.upto - s.quantity AND n.n <= s.upto
WHERE c.id = n.id;
--> statement-breakpoint
INSERT INTO "inventory"."print_runs" ("card_id", "printed")
SELECT card_id, count(*)::int FROM "inventory"."copies" GROUP BY card_id;
