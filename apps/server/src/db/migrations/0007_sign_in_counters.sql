CREATE TABLE "sign_in_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_known_addresses" (
	"login" text NOT NULL,
	"ip" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_known_addresses_login_ip_pk" PRIMARY KEY("login","ip")
);
--> statement-breakpoint
CREATE INDEX "sign_in_counters_resets_idx" ON "sign_in_counters" USING btree ("resets_at");--> statement-breakpoint
DROP TABLE "sign_in_failures" CASCADE;
