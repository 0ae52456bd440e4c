ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- The team page shows each colleague's last sign-in: for people who signed in before it was kept, their latest session.
UPDATE "users" u SET "last_sign_in_at" = (SELECT max(s."created_at") FROM "sessions" s WHERE s."user_id" = u."id");
