CREATE TABLE "exchange_1c_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exchange_type" text NOT NULL,
	"file_name" text NOT NULL,
	"package_kind" text NOT NULL,
	"only_changes" text DEFAULT 'false' NOT NULL,
	"schema_version" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_1c_log_finished_idx" ON "exchange_1c_log" USING btree ("finished_at" DESC NULLS LAST);