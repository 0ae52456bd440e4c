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
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_sale_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_1c_check_states" ADD CONSTRAINT "exchange_1c_check_states_check_id_order_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."order_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD CONSTRAINT "exchange_1c_order_handouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_1c_order_handouts" ADD CONSTRAINT "exchange_1c_order_handouts_query_id_exchange_1c_sale_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."exchange_1c_sale_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_1c_order_handouts_query_idx" ON "exchange_1c_order_handouts" USING btree ("query_id");--> statement-breakpoint
-- The orders placed before the exchange existed reached the back office through the JSON integration API: 1C's first
-- query does not hand them out again.
INSERT INTO "exchange_1c_order_handouts" ("order_id", "taken_at") SELECT "id", now() FROM "orders";
