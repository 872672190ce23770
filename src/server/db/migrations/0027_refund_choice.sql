ALTER TABLE "reservations" ADD COLUMN "refund_choice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "refund_choice" text;