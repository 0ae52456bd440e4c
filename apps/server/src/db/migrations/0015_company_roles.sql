ALTER TABLE "partners" ADD COLUMN "approval_over_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_partners" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_partners" ADD COLUMN "order_limit_kopecks" bigint;--> statement-breakpoint
ALTER TABLE "user_partners" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_role_check" CHECK ("user_partners"."role" in ('admin', 'buyer', 'accountant'));--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_order_limit_check" CHECK ("user_partners"."order_limit_kopecks" is null or "user_partners"."order_limit_kopecks" >= 0);