ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Rows written before this migration were all kept by the sandbox: delivered, never to be dispatched.
UPDATE "outbox_messages" SET "status" = 'sent', "delivered_at" = "created_at" WHERE "provider" = 'sandbox';