-- Unlogged: a staged package is scratch (modules/exchange-1c/catalog-import.ts); it need not survive a crash of the
-- database, which empties these tables rather than leaving a half-read package, and writing it skips the WAL.
CREATE UNLOGGED TABLE "exchange_1c_staged_goods" (
	"package_id" text NOT NULL,
	"seq" integer NOT NULL,
	"uid" text NOT NULL,
	"article" text NOT NULL,
	"article_key" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"type" text,
	"weight" numeric(12, 3),
	"detail_text" text,
	"characteristics" jsonb NOT NULL,
	"keep_characteristics" boolean NOT NULL,
	"group_code" text,
	"pictures" text[],
	"refusal" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "exchange_1c_staged_offers" (
	"package_id" text NOT NULL,
	"seq" integer NOT NULL,
	"guid" text NOT NULL,
	"product_uid" text NOT NULL,
	"characteristic" text,
	"residue" integer,
	"price" numeric(14, 2),
	"list_price" numeric(14, 2),
	"refusal" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_goods_uid_idx" ON "exchange_1c_staged_goods" USING btree ("package_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_goods_article_idx" ON "exchange_1c_staged_goods" USING btree ("package_id","article");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_staged_offers_guid_idx" ON "exchange_1c_staged_offers" USING btree ("package_id","guid");