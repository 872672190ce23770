CREATE TABLE "sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"billing_reason" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_payment_attempt" timestamp with time zone,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"clock_offset_ms" bigint DEFAULT 0 NOT NULL,
	"renewal_outcome" text,
	"brand" text,
	"last4" text,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"latest_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_subscription_id_sandbox_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."sandbox_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_invoices_subscription_idx" ON "sandbox_invoices" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_invoices_period_uq" ON "sandbox_invoices" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_subscriptions_idempotency_uq" ON "sandbox_subscriptions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due_idx" ON "sandbox_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_invoice_uq" ON "orders" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_user_uq" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('incomplete', 'trialing', 'active', 'past_due');