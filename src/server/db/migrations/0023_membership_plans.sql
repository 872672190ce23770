ALTER TABLE "sandbox_subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "trial_will_end_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pending_amount" integer;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pending_interval" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pending_description" text;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "discount_once_amount" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "save_offer_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "save_offer_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_discount_cents" integer;