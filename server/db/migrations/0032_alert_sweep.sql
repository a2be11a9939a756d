CREATE TABLE "alert_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "pass_ending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "pass_ending_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "renewal_soon" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_days" CHECK ("alert_settings"."pass_ending_days" between 1 and 30);