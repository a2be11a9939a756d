ALTER TABLE "products" ADD COLUMN "valid_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usable_count" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_valid_days" CHECK ("products"."valid_days" is null or "products"."valid_days" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_usable_count" CHECK ("products"."usable_count" is null or "products"."usable_count" > 0);--> statement-breakpoint
-- The demo catalogue seeded before this migration: each digital pass's life from its Duration value.
UPDATE "products" AS p SET "valid_days" = life."days", "usable_count" = life."rides"
FROM "product_filter_values" AS pv
JOIN "catalog_filter_values" AS v ON v."uuid" = pv."value_uuid"
JOIN (VALUES ('SINGLE', 1, 1), ('DAY', 1, NULL), ('WEEK', 7, NULL), ('MONTH', 30, NULL), ('MULTI', 90, 10)) AS life("value", "days", "rides") ON life."value" = v."value"
WHERE pv."product_uuid" = p."uuid" AND v."filter_uuid" = 'c1000000-0000-4000-8000-000000000004' AND p."sub_type" = 'DIGITAL_PASS' AND p."valid_days" IS NULL;
