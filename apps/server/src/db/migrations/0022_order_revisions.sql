ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD COLUMN "taken_revision" integer;--> statement-breakpoint
-- What 1C took before revisions existed is the order as it stood then: revision 1, the one every order starts at.
UPDATE "exchange_1c_order_handouts" SET "taken_revision" = "revision" WHERE "taken_at" IS NOT NULL;
