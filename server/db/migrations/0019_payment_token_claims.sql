CREATE TABLE "payment_token_claims" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
