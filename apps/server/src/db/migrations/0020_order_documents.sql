CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"check_guid" text NOT NULL,
	"kind" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"issued_on" text DEFAULT '' NOT NULL,
	"file_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_check_kind_number_uq" UNIQUE("check_guid","kind","number")
);
--> statement-breakpoint
CREATE TABLE "order_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"check_guid" text,
	"org_guid" text,
	"status" integer,
	"document" text
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_timeline_order_idx" ON "order_timeline" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_checks_status_idx" ON "order_checks" USING btree ("status","order_id");--> statement-breakpoint
CREATE INDEX "orders_partner_number_idx" ON "orders" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "orders_comment_trgm_idx" ON "orders" USING gin ("comment" gin_trgm_ops) WITH (fastupdate=off);
--> statement-breakpoint
-- The status timeline is written where the changes are made, in their transactions, whichever path makes them: a new
-- order (one statement of place_new_orders for a batch, or the locked transaction) gets «Заказ оформлен»; a check's new
-- status and each document flag turned on (the ERP's statuses, a bill request, the document files) get an entry. An
-- edit's entry is written by the edit itself. A copy of existing orders (move-to-postgres sets portal.copying) copies
-- their timeline and adds nothing.
CREATE FUNCTION order_timeline_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.copying', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO order_timeline (order_id, at, event) SELECT created.id, created.created_at, 'created' FROM created ORDER BY created.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_timeline_created AFTER INSERT ON orders REFERENCING NEW TABLE AS created
  FOR EACH STATEMENT EXECUTE FUNCTION order_timeline_created();--> statement-breakpoint
CREATE FUNCTION order_timeline_check_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO order_timeline (order_id, event, check_guid, org_guid, status)
      VALUES (NEW.order_id, 'check_status', NEW.guid, NEW.org_guid, NEW.status);
  END IF;
  FOREACH flag IN ARRAY ARRAY['StatusSchet', 'StatusSF', 'StatusUPD', 'StatusUPK'] LOOP
    IF (NEW.doc_status -> flag) = 'true'::jsonb AND (OLD.doc_status -> flag) IS DISTINCT FROM 'true'::jsonb THEN
      INSERT INTO order_timeline (order_id, event, check_guid, org_guid, document)
        VALUES (NEW.order_id, 'document', NEW.guid, NEW.org_guid, flag);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_checks_timeline AFTER UPDATE OF status, doc_status ON order_checks
  FOR EACH ROW EXECUTE FUNCTION order_timeline_check_changed();--> statement-breakpoint
-- Orders placed before the timeline existed start it with their creation.
INSERT INTO order_timeline (order_id, at, event) SELECT id, created_at, 'created' FROM orders ORDER BY id;
