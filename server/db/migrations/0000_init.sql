CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fare_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"organization_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"printed_card_number" text NOT NULL,
	"security_code_hash" text NOT NULL,
	"expires_on" date NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"rider_type" text NOT NULL,
	"stored_value" integer DEFAULT 0 NOT NULL,
	"commuter_benefits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fare_media_balances_nonnegative" CHECK ("fare_media"."stored_value" >= 0 and "fare_media"."commuter_benefits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organization_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"config_type" text NOT NULL,
	"config_key" text NOT NULL,
	"config_value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parent_id" uuid,
	"legacy_uuid" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	"long_description" text NOT NULL,
	"alert_message" text,
	"list_price" integer NOT NULL,
	"sub_type" text NOT NULL,
	"service_type" text NOT NULL,
	"shipping_enabled" boolean DEFAULT false NOT NULL,
	"subscription_allowed" boolean DEFAULT false NOT NULL,
	"theme_background_color" text NOT NULL,
	"image_path" text,
	"list_priority" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."list_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"mfa_enrollment_status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fare_media" ADD CONSTRAINT "fare_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fare_media" ADD CONSTRAINT "fare_media_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_configs" ADD CONSTRAINT "organization_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fare_media_card_number" ON "fare_media" USING btree ("printed_card_number");--> statement-breakpoint
CREATE INDEX "fare_media_user" ON "fare_media" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_configs_key" ON "organization_configs" USING btree ("organization_id","config_type","config_key");--> statement-breakpoint
CREATE INDEX "products_org" ON "products" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));