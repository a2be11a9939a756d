CREATE TABLE "autoload_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"autoload_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autoloads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"fare_medium_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"trigger" text NOT NULL,
	"threshold" bigint,
	"weekday" integer,
	"month_day" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "autoloads_amount" CHECK ("autoloads"."amount" > 0),
	CONSTRAINT "autoloads_trigger" CHECK (("autoloads"."trigger" = 'threshold' and "autoloads"."threshold" is not null and "autoloads"."threshold" >= 0 and "autoloads"."weekday" is null and "autoloads"."month_day" is null)
       or ("autoloads"."trigger" = 'weekly' and "autoloads"."weekday" between 0 and 6 and "autoloads"."threshold" is null and "autoloads"."month_day" is null)
       or ("autoloads"."trigger" = 'monthly' and "autoloads"."month_day" between 1 and 28 and "autoloads"."threshold" is null and "autoloads"."weekday" is null)),
	CONSTRAINT "autoloads_paused" CHECK (("autoloads"."status" = 'paused') = ("autoloads"."paused_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fare_medium_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" bigint,
	"balance_after" bigint,
	"currency" char(3) NOT NULL,
	"entry_group" uuid,
	"tap_id" uuid,
	"order_id" uuid,
	"pending" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_activity_settled" CHECK (not ("card_activity"."pending" and "card_activity"."settled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fare_medium_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"from_fare_medium_id" uuid NOT NULL,
	"to_fare_medium_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"key_hash" text NOT NULL,
	"request_hash" text NOT NULL,
	"entry_group" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transfers_amount" CHECK ("card_transfers"."amount" > 0),
	CONSTRAINT "card_transfers_cards" CHECK ("card_transfers"."from_fare_medium_id" <> "card_transfers"."to_fare_medium_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"model" text NOT NULL,
	"installation_id" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fare_cap_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rider_type" text NOT NULL,
	"period" text NOT NULL,
	"trips" integer NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "fare_cap_rules_trips" CHECK ("fare_cap_rules"."trips" > 0)
);
--> statement-breakpoint
CREATE TABLE "taps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fare_medium_id" uuid,
	"payment_method_id" uuid,
	"user_id" uuid,
	"transaction_number" text,
	"route_code" text NOT NULL,
	"rider_type" text NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL,
	"fare" bigint NOT NULL,
	"charged" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"pass_id" uuid,
	"cap_rule_id" uuid,
	"capped" boolean DEFAULT false NOT NULL,
	"entry_group" uuid,
	"tap_key" text,
	CONSTRAINT "taps_amounts" CHECK ("taps"."fare" >= 0 and "taps"."charged" between 0 and "taps"."fare"),
	CONSTRAINT "taps_payer" CHECK (("taps"."fare_medium_id" is null) <> ("taps"."payment_method_id" is null))
);
--> statement-breakpoint
CREATE TABLE "transit_routes" (
	"code" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"fares" jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fare_media" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fare_media" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fare_media" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "rider_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "valid_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "autoload_runs" ADD CONSTRAINT "autoload_runs_autoload_id_autoloads_id_fk" FOREIGN KEY ("autoload_id") REFERENCES "public"."autoloads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoload_runs" ADD CONSTRAINT "autoload_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoloads" ADD CONSTRAINT "autoloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoloads" ADD CONSTRAINT "autoloads_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoloads" ADD CONSTRAINT "autoloads_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_activity" ADD CONSTRAINT "card_activity_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_activity" ADD CONSTRAINT "card_activity_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_activity" ADD CONSTRAINT "card_activity_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transfers" ADD CONSTRAINT "card_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transfers" ADD CONSTRAINT "card_transfers_from_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("from_fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transfers" ADD CONSTRAINT "card_transfers_to_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("to_fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fare_cap_rules" ADD CONSTRAINT "fare_cap_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_fare_medium_id_fare_media_id_fk" FOREIGN KEY ("fare_medium_id") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_route_code_transit_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."transit_routes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_cap_rule_id_fare_cap_rules_id_fk" FOREIGN KEY ("cap_rule_id") REFERENCES "public"."fare_cap_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_routes" ADD CONSTRAINT "transit_routes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autoload_runs_due" ON "autoload_runs" USING btree ("autoload_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autoloads_card_live" ON "autoloads" USING btree ("fare_medium_id") WHERE "autoloads"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "autoloads_user" ON "autoloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "autoloads_due" ON "autoloads" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "card_activity_page" ON "card_activity" USING btree ("fare_medium_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_activity_pending" ON "card_activity" USING btree ("pending") WHERE "card_activity"."pending";--> statement-breakpoint
CREATE UNIQUE INDEX "card_tokens_hash" ON "card_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "card_tokens_expiry" ON "card_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transfers_key" ON "card_transfers" USING btree ("user_id","key_hash");--> statement-breakpoint
CREATE INDEX "devices_user" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_installation" ON "devices" USING btree ("user_id","installation_id");--> statement-breakpoint
CREATE INDEX "taps_card" ON "taps" USING btree ("fare_medium_id","tapped_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "taps_user_transactions" ON "taps" USING btree ("user_id","tapped_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "taps_transaction_number" ON "taps" USING btree ("transaction_number");--> statement-breakpoint
CREATE UNIQUE INDEX "taps_key" ON "taps" USING btree ("tap_key");--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passes_user_page" ON "passes" USING btree ("user_id","purchased_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "passes_device" ON "passes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "subscriptions_fare_medium" ON "subscriptions" USING btree ("fare_medium_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("status","renews_at");--> statement-breakpoint
ALTER TABLE "fare_media" ADD CONSTRAINT "fare_media_blocked" CHECK ("fare_media"."blocked_at" is null or "fare_media"."status" = 'BLOCKED');--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_device_location" CHECK (("passes"."location" = 'device') = ("passes"."device_id" is not null));