CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"audience" text DEFAULT 'all' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off_cents" is null)),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent_off" is null or ("promo_codes"."percent_off" between 1 and 100)),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount_off_cents" is null or "promo_codes"."amount_off_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_percent_off" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code_id","status");