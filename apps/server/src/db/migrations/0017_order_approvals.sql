CREATE TABLE "order_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"total_kopecks" bigint NOT NULL,
	"count" integer NOT NULL,
	"total_count" integer NOT NULL,
	"held_for" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"order_id" integer,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_approvals_user_idempotency_uq" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "order_approvals_state_check" CHECK ("order_approvals"."state" in ('pending', 'approving', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"object" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_approvals_partner_idx" ON "order_approvals" USING btree ("partner_id","state");--> statement-breakpoint
CREATE INDEX "audit_records_partner_idx" ON "audit_records" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_user_idx" ON "audit_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_created_idx" ON "audit_records" USING btree ("created_at");--> statement-breakpoint
-- The record of an order placed, in the transaction that writes it, whichever path writes it (one statement of
-- place_new_orders for a batch, the locked transaction, an approval): the address it came from travels in the
-- order's stored first answer ('from'). A copy of existing orders (move-to-postgres sets portal.copying) is no action.
CREATE FUNCTION audit_orders_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.copying', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO audit_records (partner_id, user_id, action, object, changes, ip)
    SELECT created.partner_id, created.user_id, 'order.placed', 'Заказ № ' || created.id,
           jsonb_build_object('total', created.total, 'units', created.total_count),
           coalesce(created.first_answer ->> 'from', '')
      FROM created ORDER BY created.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_audit_placed AFTER INSERT ON orders REFERENCING NEW TABLE AS created
  FOR EACH STATEMENT EXECUTE FUNCTION audit_orders_placed();
