CREATE TABLE "catalog_filter_values" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"filter_uuid" uuid NOT NULL,
	"value" text NOT NULL,
	"short_description" text NOT NULL,
	"image_url" text,
	"accessibility_text" text,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_filters" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"filter_type" text NOT NULL,
	"kind" text DEFAULT 'ATTRIBUTE' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_filter_values" (
	"product_uuid" uuid NOT NULL,
	"value_uuid" uuid NOT NULL,
	CONSTRAINT "product_filter_values_product_uuid_value_uuid_pk" PRIMARY KEY("product_uuid","value_uuid")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rider_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_filter_values" ADD CONSTRAINT "catalog_filter_values_filter_uuid_catalog_filters_uuid_fk" FOREIGN KEY ("filter_uuid") REFERENCES "public"."catalog_filters"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_filters" ADD CONSTRAINT "catalog_filters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_values" ADD CONSTRAINT "product_filter_values_product_uuid_products_uuid_fk" FOREIGN KEY ("product_uuid") REFERENCES "public"."products"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_filter_values" ADD CONSTRAINT "product_filter_values_value_uuid_catalog_filter_values_uuid_fk" FOREIGN KEY ("value_uuid") REFERENCES "public"."catalog_filter_values"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_filter_values_value" ON "catalog_filter_values" USING btree ("filter_uuid","value");--> statement-breakpoint
CREATE INDEX "catalog_filters_org" ON "catalog_filters" USING btree ("organization_id","position");--> statement-breakpoint
CREATE INDEX "product_filter_values_value" ON "product_filter_values" USING btree ("value_uuid","product_uuid");--> statement-breakpoint
CREATE INDEX "products_listing" ON "products" USING btree ("organization_id","active","list_priority");--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app_meta" ("key", "value") VALUES ('catalog_version', '1')
  ON CONFLICT ("key") DO UPDATE SET "value" = ("app_meta"."value"::bigint + 1)::text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizations_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_filters_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_filters" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "catalog_filter_values_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_filter_values" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_filter_values_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_filter_values" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
