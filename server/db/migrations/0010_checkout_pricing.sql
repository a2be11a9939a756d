CREATE TABLE "promo_code_products" (
	"promo_code_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "promo_code_products_promo_code_id_product_id_pk" PRIMARY KEY("promo_code_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off" bigint,
	"currency" char(3),
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"max_redemptions_per_rider" integer,
	"organization_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "promo_codes_kind_value" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_off" is not null and "promo_codes"."percent_off" between 1 and 10000 and "promo_codes"."amount_off" is null and "promo_codes"."currency" is null) or ("promo_codes"."kind" = 'amount' and "promo_codes"."amount_off" is not null and "promo_codes"."amount_off" > 0 and "promo_codes"."currency" is not null and "promo_codes"."currency" ~ '^[A-Z]{3}$' and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_window" CHECK ("promo_codes"."valid_until" is null or "promo_codes"."valid_until" > "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_max_redemptions" CHECK ("promo_codes"."max_redemptions" is null or "promo_codes"."max_redemptions" > 0),
	CONSTRAINT "promo_codes_max_per_rider" CHECK ("promo_codes"."max_redemptions_per_rider" is null or "promo_codes"."max_redemptions_per_rider" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"user_id" uuid,
	"guest_email" text,
	"order_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_amount" CHECK ("promo_redemptions"."amount" >= 0),
	CONSTRAINT "promo_redemptions_currency" CHECK ("promo_redemptions"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "promo_redemptions_one_customer" CHECK ("promo_redemptions"."user_id" is null or "promo_redemptions"."guest_email" is null)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"list_priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_code_format" CHECK ("shipping_methods"."code" ~ '^[a-z0-9_-]{1,40}$'),
	CONSTRAINT "shipping_methods_price" CHECK ("shipping_methods"."price" >= 0),
	CONSTRAINT "shipping_methods_currency" CHECK ("shipping_methods"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "shipping_methods_countries" CHECK (cardinality("shipping_methods"."countries") = 0 or array_to_string("shipping_methods"."countries", ',', '*') ~ '^[A-Z]{2}(,[A-Z]{2})*$')
);
--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_uuid_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order" ON "promo_redemptions" USING btree ("order_reference");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_guest" ON "promo_redemptions" USING btree ("promo_code_id",lower("guest_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_code" ON "shipping_methods" USING btree ("code");