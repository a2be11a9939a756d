CREATE TABLE "order_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"shares" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "order_refunds_pending" ON "order_refunds" USING btree ("status","created_at");