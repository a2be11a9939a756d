ALTER TABLE "order_refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE INDEX "ledger_entries_reference" ON "ledger_entries" USING btree ("reference" text_pattern_ops);--> statement-breakpoint
-- Issue 48, item 2: no group may take an order's revenue below zero. An order's revenue is every
-- `revenue` entry under its number: the sale's (`<number>`) and its refunds' (`<number>:refund:<id>`).
-- Checked at commit with the other rules of a group, for the entries that take from revenue; the
-- range on `reference` (byte order, as the index's text_pattern_ops) finds the order's entries.
CREATE OR REPLACE FUNCTION "ledger_group_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
  root text;
  revenue bigint;
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
  IF NEW."account" = 'revenue' AND NEW."amount" < 0 THEN
    root := split_part(NEW."reference", ':', 1);
    SELECT coalesce(sum("amount"), 0) INTO revenue
    FROM "ledger_entries"
    WHERE "account" = 'revenue' AND "currency" = NEW."currency"
      AND ("reference" = root OR ("reference" ~>=~ (root || ':') AND "reference" ~<~ (root || ';')));
    IF revenue < 0 THEN
      RAISE EXCEPTION 'ledger entry group % leaves the revenue of % at % %', NEW."entry_group", root, revenue, NEW."currency"
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_group_balanced', TABLE = 'ledger_entries';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
