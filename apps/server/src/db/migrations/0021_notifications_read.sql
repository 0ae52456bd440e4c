ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Old notifications about an order pointed at the history (/orders); they now open the order's own page, the order's
-- number being in their data. Shipments and claims keep their lists; a manager's message has no link.
UPDATE "notifications" SET "link" = '/orders/' || ("data" ->> 'order')
WHERE "event" IN ('check_status', 'bill_ready', 'documents_ready', 'order_created', 'order_changed')
  AND ("data" ->> 'order') ~ '^[0-9]+$';
