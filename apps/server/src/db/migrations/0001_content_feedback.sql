CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "showcase_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showcase_cases_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "feedback_files" (
	"feedback_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "feedback_files_feedback_id_file_id_pk" PRIMARY KEY("feedback_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_files" ADD CONSTRAINT "feedback_files_feedback_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_files" ADD CONSTRAINT "feedback_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "showcase_cases_sort_idx" ON "showcase_cases" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "feedback_requests_user_idx" ON "feedback_requests" USING btree ("user_id");