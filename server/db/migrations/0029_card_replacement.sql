ALTER TABLE "fare_media" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "fare_media" ADD CONSTRAINT "fare_media_replaced_by_fare_media_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."fare_media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fare_media_replaced_by" ON "fare_media" USING btree ("replaced_by");--> statement-breakpoint
ALTER TABLE "fare_media" ADD CONSTRAINT "fare_media_replaced" CHECK ("fare_media"."replaced_by" is null or "fare_media"."status" = 'BLOCKED');