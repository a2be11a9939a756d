CREATE TABLE "order_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"entry_group" uuid,
	"refund_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_entries_amount" CHECK ("order_entries"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sub_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"fulfilment" text NOT NULL,
	CONSTRAINT "order_items_order_id_line_pk" PRIMARY KEY("order_id","line"),
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_amounts" CHECK ("order_items"."unit_price" >= 0 and "order_items"."line_total" = "order_items"."unit_price" * "order_items"."quantity" and "order_items"."discount" between 0 and "order_items"."line_total")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"order_id" uuid NOT NULL,
	"leg" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"payment_method_id" uuid,
	"brand" text,
	"last4" text,
	"nickname" text,
	"token_hash" text,
	"authorization_id" text,
	"capture_id" text,
	CONSTRAINT "order_payments_order_id_leg_pk" PRIMARY KEY("order_id","leg"),
	CONSTRAINT "order_payments_amount" CHECK ("order_payments"."amount" > 0 and "order_payments"."refunded" between 0 and "order_payments"."amount"),
	CONSTRAINT "order_payments_last4" CHECK ("order_payments"."last4" is null or "order_payments"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "order_payments_gateway" CHECK (("order_payments"."kind" in ('saved', 'card')) = ("order_payments"."authorization_id" is not null and "order_payments"."capture_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"reply_status" integer,
	"reply_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_requests_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "order_requests_reply" CHECK (("order_requests"."reply_status" is null) = ("order_requests"."reply_body" is null))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"guest_link_hash" text,
	"kind" text NOT NULL,
	"fare_medium_id" uuid,
	"currency" char(3) NOT NULL,
	"subtotal" bigint NOT NULL,
	"shipping" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"promo_code_id" uuid,
	"promo_code" text,
	"shipping_method" jsonb,
	"shipping_address" jsonb,
	"status" text DEFAULT 'paid' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_format" CHECK ("orders"."number" ~ '^TP-[0-9]{8}$'),
	CONSTRAINT "orders_currency" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."shipping" >= 0 and "orders"."discount" >= 0 and "orders"."total" >= 0 and "orders"."total" = "orders"."subtotal" + "orders"."shipping" - "orders"."discount"),
	CONSTRAINT "orders_refunded" CHECK ("orders"."refunded" between 0 and "orders"."total"),
	CONSTRAINT "orders_guest_link_only_guests" CHECK ("orders"."guest_link_hash" is null or "orders"."user_id" is null),
	CONSTRAINT "orders_promo" CHECK (("orders"."promo_code_id" is null) = ("orders"."promo_code" is null))
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"user_id" uuid,
	"fare_medium_id" uuid,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"location" text DEFAULT 'cloud' NOT NULL,
	"serial_number" text NOT NULL,
	"usable_count" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "passes_counts" CHECK ("passes"."used_count" >= 0 and ("passes"."usable_count" is null or "passes"."used_count" <= "passes"."usable_count"))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"address" jsonb NOT NULL,
	"method_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_quantity" CHECK ("shipments"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"fare_medium_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_price" CHECK ("subscriptions"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_entries" ADD CONSTRAINT "order_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_entries_order" ON "order_entries" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_token" ON "order_payments" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_link" ON "orders" USING btree ("guest_link_hash");--> statement-breakpoint
CREATE INDEX "orders_user_page" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "passes_serial" ON "passes" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "passes_order" ON "passes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "passes_user" ON "passes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passes_fare_medium" ON "passes" USING btree ("fare_medium_id");--> statement-breakpoint
CREATE INDEX "shipments_order" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_order" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
-- Checked at commit, once the order's legs are in: what the legs pay is the order's total, exactly.
CREATE FUNCTION "order_payments_cover_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
BEGIN
  SELECT coalesce(sum("amount"), 0) INTO paid FROM "order_payments" WHERE "order_id" = NEW."id";
  IF paid <> NEW."total" THEN
    RAISE EXCEPTION 'order % is paid % of its total %', NEW."id", paid, NEW."total"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_paid_in_full', TABLE = 'orders';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_paid_in_full" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_payments_cover_total"();
