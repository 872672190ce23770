CREATE TABLE "membership_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"stopped_subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_grants_period" CHECK ("membership_grants"."ends_at" > "membership_grants"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "kind" text DEFAULT 'amount' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "membership_months" integer;--> statement-breakpoint
ALTER TABLE "membership_grants" ADD CONSTRAINT "membership_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_grants" ADD CONSTRAINT "membership_grants_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_grants" ADD CONSTRAINT "membership_grants_stopped_subscription_id_subscriptions_id_fk" FOREIGN KEY ("stopped_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_grants_gift_card_uq" ON "membership_grants" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "membership_grants_user_idx" ON "membership_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_kind" CHECK (("gift_cards"."kind" = 'amount' and "gift_cards"."membership_months" is null) or ("gift_cards"."kind" = 'membership' and "gift_cards"."membership_months" in (3, 6, 12)));