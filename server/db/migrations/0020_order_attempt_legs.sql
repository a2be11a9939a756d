CREATE TABLE "order_attempt_legs" (
	"order_id" uuid NOT NULL,
	"leg" integer NOT NULL,
	"customer_id" text NOT NULL,
	"method_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"authorization_id" text,
	"capture_id" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_attempt_legs_order_id_leg_pk" PRIMARY KEY("order_id","leg")
);
--> statement-breakpoint
CREATE INDEX "order_attempt_legs_recorded" ON "order_attempt_legs" USING btree ("recorded_at");