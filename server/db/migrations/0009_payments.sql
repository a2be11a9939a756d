CREATE TABLE "payment_gateway_requests" (
	"gateway" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_gateway_requests_gateway_idempotency_key_pk" PRIMARY KEY("gateway","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_method_id" text NOT NULL,
	"gateway_customer_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"commuter_benefits" boolean DEFAULT false NOT NULL,
	"nickname" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"billing_last_name" text,
	"billing_address_1" text,
	"billing_zip" text,
	"bank_name" text,
	"account_type" text,
	"holder_name" text,
	"paypal_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" is null or "payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_card_fields" CHECK ("payment_methods"."kind" <> 'card' or ("payment_methods"."brand" is not null and "payment_methods"."last4" is not null and "payment_methods"."exp_month" between 1 and 12 and "payment_methods"."exp_year" between 2000 and 2100)),
	CONSTRAINT "payment_methods_benefits_card" CHECK (not "payment_methods"."commuter_benefits" or "payment_methods"."kind" = 'card')
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"method_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"captured" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_amount" CHECK ("sandbox_charges"."amount" > 0),
	CONSTRAINT "sandbox_charges_captured" CHECK ("sandbox_charges"."captured" between 0 and "sandbox_charges"."amount"),
	CONSTRAINT "sandbox_charges_refunded" CHECK ("sandbox_charges"."refunded" between 0 and "sandbox_charges"."captured")
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address_1" text NOT NULL,
	"address_2" text,
	"country" char(2) NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"zip_code" text NOT NULL,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_gateway_method" ON "payment_methods" USING btree ("gateway","gateway_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_token" ON "payment_methods" USING btree ("user_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default" and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "shipping_addresses_user" ON "shipping_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_one_default" ON "shipping_addresses" USING btree ("user_id") WHERE "shipping_addresses"."is_default";