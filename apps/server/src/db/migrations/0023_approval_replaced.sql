ALTER TABLE "order_approvals" DROP CONSTRAINT "order_approvals_state_check";--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_state_check" CHECK ("order_approvals"."state" in ('pending', 'approving', 'approved', 'rejected', 'replaced'));--> statement-breakpoint
-- A rejected order was taken as sent again once its purchaser sent the company any order after the rejection (the
-- request carried no link to it): those are marked replaced, so the lists show what they showed before.
UPDATE "order_approvals" AS "rejected" SET "state" = 'replaced'
WHERE "rejected"."state" = 'rejected'
  AND (EXISTS (SELECT 1 FROM "order_approvals" AS "later"
                WHERE "later"."user_id" = "rejected"."user_id" AND "later"."partner_id" = "rejected"."partner_id"
                  AND "later"."created_at" > "rejected"."decided_at")
       OR EXISTS (SELECT 1 FROM "orders"
                   WHERE "orders"."user_id" = "rejected"."user_id" AND "orders"."partner_id" = "rejected"."partner_id"
                     AND "orders"."created_at" > "rejected"."decided_at"));
