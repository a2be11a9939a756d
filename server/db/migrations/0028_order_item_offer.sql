ALTER TABLE "order_items" ADD COLUMN "offer_text" text;--> statement-breakpoint
-- Orders placed before: the product's short description in the order's language, else its own.
UPDATE "order_items" AS "item"
SET "offer_text" = coalesce(
  nullif(btrim("product"."translations" -> "order"."locale" ->> 'short_description'), ''),
  nullif(btrim("product"."short_description"), '')
)
FROM "products" AS "product", "orders" AS "order"
WHERE "product"."uuid" = "item"."product_id" AND "order"."id" = "item"."order_id";
