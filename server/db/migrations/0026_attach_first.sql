ALTER TABLE "order_attempt_legs" ADD COLUMN "authorize_asked_at" timestamp with time zone;--> statement-breakpoint
-- Issue 48, item 5: legs recorded before this column asked for their authorization right after.
UPDATE "order_attempt_legs" SET "authorize_asked_at" = "recorded_at";
