ALTER TABLE "order_attempt_legs" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "order_attempt_legs" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "order_requests" ADD COLUMN "replay" jsonb;--> statement-breakpoint
ALTER TABLE "order_requests" ADD COLUMN "user_id" uuid;