CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"avatar_file_id" integer,
	"blocked" boolean DEFAULT false NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_login_unique" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"photo" text,
	CONSTRAINT "managers_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"inn" text DEFAULT '' NOT NULL,
	"payment" text DEFAULT '' NOT NULL,
	"bik" text DEFAULT '' NOT NULL,
	"correspondent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"manager_id" integer,
	CONSTRAINT "partners_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "price_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_id" integer NOT NULL,
	"date" bigint NOT NULL,
	"number" text NOT NULL,
	"debt" numeric(14, 2) DEFAULT 0 NOT NULL,
	"expires" bigint NOT NULL,
	CONSTRAINT "storage_documents_number_uq" UNIQUE("storage_id","number")
);
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"guid" text NOT NULL,
	"name" text NOT NULL,
	"spent" numeric(14, 2) DEFAULT 0 NOT NULL,
	"contract" text DEFAULT '' NOT NULL,
	"deferment" integer DEFAULT 0 NOT NULL,
	"debt" numeric(14, 2) DEFAULT 0 NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(6, 2) DEFAULT 0 NOT NULL,
	"case" text DEFAULT '' NOT NULL,
	"limit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"percent" numeric(6, 2) DEFAULT 0 NOT NULL,
	"date" bigint DEFAULT -1 NOT NULL,
	"price_type" text DEFAULT '' NOT NULL,
	"base_discount" numeric(6, 2) DEFAULT 0 NOT NULL,
	"cashback" numeric(6, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "storages_partner_guid_uq" UNIQUE("partner_id","guid")
);
--> statement-breakpoint
CREATE TABLE "user_partners" (
	"user_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	CONSTRAINT "user_partners_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"zone" text,
	CONSTRAINT "catalog_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"product_id" integer NOT NULL,
	"characteristic" text NOT NULL,
	"residue" integer DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ppdata" text DEFAULT '' NOT NULL,
	"org_guid" text NOT NULL,
	CONSTRAINT "offers_guid_unique" UNIQUE("guid"),
	CONSTRAINT "offers_residue_non_negative" CHECK ("offers"."residue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'wear' NOT NULL,
	"article" text NOT NULL,
	"article_key" text NOT NULL,
	"name_key" text NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"price_opt" numeric(14, 2) DEFAULT 0 NOT NULL,
	"weight" numeric(12, 3) DEFAULT 0 NOT NULL,
	"volume" numeric(12, 4) DEFAULT 0 NOT NULL,
	"detail_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"video" text,
	"characteristics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_discount" numeric(6, 2) DEFAULT 0 NOT NULL,
	"group_code" text,
	"season_sale" boolean DEFAULT false NOT NULL,
	"protect" text DEFAULT '' NOT NULL,
	CONSTRAINT "products_uid_unique" UNIQUE("uid"),
	CONSTRAINT "products_article_unique" UNIQUE("article")
);
--> statement-breakpoint
CREATE TABLE "order_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"guid" text NOT NULL,
	"org_guid" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"doc_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bill_requested_at" timestamp with time zone,
	CONSTRAINT "order_checks_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"offer_id" integer,
	"org_guid" text NOT NULL,
	"characteristic" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"presale" boolean DEFAULT false NOT NULL,
	"fullprice" numeric(14, 2) DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(6, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"user_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"delivery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_certificate" boolean DEFAULT false NOT NULL,
	"bags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"first_answer" jsonb,
	CONSTRAINT "orders_user_idempotency_uq" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"partner_id" integer,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_documents" ADD CONSTRAINT "storage_documents_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_price_type_price_types_id_fk" FOREIGN KEY ("price_type") REFERENCES "public"."price_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checks" ADD CONSTRAINT "order_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_login_idx" ON "sign_in_failures" USING btree ("login","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "storage_documents_storage_idx" ON "storage_documents" USING btree ("storage_id");--> statement-breakpoint
CREATE INDEX "user_partners_partner_idx" ON "user_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "certificates_product_idx" ON "certificates" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_article_key_prefix_idx" ON "products" USING btree ("article_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_key_trgm_idx" ON "products" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_code","id");--> statement-breakpoint
CREATE INDEX "products_season_sale_idx" ON "products" USING btree ("id") WHERE "products"."season_sale";--> statement-breakpoint
CREATE INDEX "order_checks_order_idx" ON "order_checks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "files_partner_idx" ON "files" USING btree ("partner_id");