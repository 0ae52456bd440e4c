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
CREATE TABLE "exchange_1c_check_states" (
	"check_id" integer PRIMARY KEY NOT NULL,
	"number_1c" text DEFAULT '' NOT NULL,
	"paid_on" date,
	"shipped_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_order_handouts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"query_id" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"taken_at" timestamp with time zone,
	"taken_revision" integer
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_sale_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_1c_check_states" ADD CONSTRAINT "exchange_1c_check_states_check_id_order_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."order_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD CONSTRAINT "exchange_1c_order_handouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD CONSTRAINT "exchange_1c_order_handouts_query_id_exchange_1c_sale_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."exchange_1c_sale_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_timeline_order_idx" ON "order_timeline" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "exchange_1c_order_handouts_query_idx" ON "exchange_1c_order_handouts" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "order_checks_status_idx" ON "order_checks" USING btree ("status","order_id");--> statement-breakpoint
CREATE INDEX "orders_partner_number_idx" ON "orders" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "orders_comment_trgm_idx" ON "orders" USING gin ("comment" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;