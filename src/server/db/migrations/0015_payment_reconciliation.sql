CREATE TABLE "payment_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"events_listed" integer DEFAULT 0 NOT NULL,
	"events_applied" integer DEFAULT 0 NOT NULL,
	"events_failed" integer DEFAULT 0 NOT NULL,
	"anomalies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "payment_reconciliations_started_idx" ON "payment_reconciliations" USING btree ("provider","started_at");