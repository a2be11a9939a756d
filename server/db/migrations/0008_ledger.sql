CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"entry_group" uuid NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_currency_code" CHECK ("ledger_entries"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account" text_pattern_ops,"currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_group" ON "ledger_entries" USING btree ("entry_group");--> statement-breakpoint
-- Checked at commit, once the whole group is in: every currency of the group sums to zero, and no
-- rider's account (a fare card's purse, a wallet) it touched is left below zero. The row lock a
-- service takes on the card (or rider) before reading a balance is what serialises spending; this is
-- the last line behind it.
CREATE FUNCTION "ledger_group_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  SELECT "currency", sum("amount") AS "total" INTO off
  FROM "ledger_entries" WHERE "entry_group" = NEW."entry_group"
  GROUP BY "currency" HAVING sum("amount") <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry group % does not balance: % % left over', NEW."entry_group", off."total", off."currency"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_group_balanced', TABLE = 'ledger_entries';
  END IF;
  SELECT "account", "currency", sum("amount") AS "total" INTO off
  FROM "ledger_entries"
  WHERE "account" IN (
    SELECT "account" FROM "ledger_entries"
    WHERE "entry_group" = NEW."entry_group" AND ("account" LIKE 'farecard:%' OR "account" LIKE 'wallet:%')
  )
  GROUP BY "account", "currency" HAVING sum("amount") < 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry group % leaves % at % %', NEW."entry_group", off."account", off."total", off."currency"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_group_balanced', TABLE = 'ledger_entries';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_group_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_group_balanced"();--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by another group, never by editing history.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed; post a correcting group'
    USING ERRCODE = 'restrict_violation', TABLE = 'ledger_entries';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- An existing database (an older DATA_DIR) keeps its cards' balances: each card's stored general funds
-- and commuter benefits become one opening group against the `opening` account. The columns had no
-- currency; they were minor units of the deployment's currency_code, which is USD.
WITH "cards" AS (
  SELECT "id", "stored_value", "commuter_benefits", gen_random_uuid() AS "entry_group"
  FROM "fare_media" WHERE "stored_value" <> 0 OR "commuter_benefits" <> 0
)
INSERT INTO "ledger_entries" ("account", "amount", "currency", "entry_group", "reference")
SELECT "entry"."account", "entry"."amount", 'USD', "cards"."entry_group", 'opening:' || "cards"."id"
FROM "cards"
CROSS JOIN LATERAL (VALUES
  ('farecard:' || "cards"."id" || ':general', "cards"."stored_value"::bigint),
  ('farecard:' || "cards"."id" || ':commuter', "cards"."commuter_benefits"::bigint),
  ('opening', -("cards"."stored_value"::bigint + "cards"."commuter_benefits"::bigint))
) AS "entry" ("account", "amount")
WHERE "entry"."amount" <> 0;--> statement-breakpoint
-- Checks the opening groups now, so no trigger event is left pending in the migration's transaction.
SET CONSTRAINTS "ledger_entries_group_balanced" IMMEDIATE;--> statement-breakpoint
SET CONSTRAINTS "ledger_entries_group_balanced" DEFERRED;--> statement-breakpoint
ALTER TABLE "fare_media" DROP CONSTRAINT "fare_media_balances_nonnegative";--> statement-breakpoint
ALTER TABLE "fare_media" DROP COLUMN "stored_value";--> statement-breakpoint
ALTER TABLE "fare_media" DROP COLUMN "commuter_benefits";
