INSERT INTO "user_identities" ("id", "user_id", "provider", "subject", "email", "linked_at")
SELECT gen_random_uuid(), "id", 'apple', "apple_subject", "email", now() FROM "users" WHERE "apple_subject" IS NOT NULL;--> statement-breakpoint
DROP INDEX "users_apple_subject";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "apple_subject";