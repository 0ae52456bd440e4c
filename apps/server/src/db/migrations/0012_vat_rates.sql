CREATE TABLE "vat_rates" (
	"org_guid" text NOT NULL,
	"valid_from" date NOT NULL,
	"percent" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_org_guid_valid_from_pk" PRIMARY KEY("org_guid","valid_from")
);
--> statement-breakpoint
-- The general rate of the Tax Code, followed by every seller without rates of its own: 20 % from 01.01.2019 (Federal
-- Law 303-FZ), 22 % from 01.01.2026 (Federal Law 425-FZ of 28.11.2025). Changes come through the integration API or
-- `npm run portal -- vat:set`.
INSERT INTO "vat_rates" ("org_guid", "valid_from", "percent") VALUES
  ('general', '2019-01-01', 20),
  ('general', '2026-01-01', 22)
ON CONFLICT DO NOTHING;
