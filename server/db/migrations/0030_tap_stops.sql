ALTER TABLE "taps" ADD COLUMN "stop" text;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_stop" CHECK ("taps"."stop" is null or char_length("taps"."stop") between 1 and 80);