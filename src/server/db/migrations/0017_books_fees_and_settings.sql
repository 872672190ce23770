CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_reference" text;