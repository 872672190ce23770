CREATE TABLE "reservation_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"from_user_id" text,
	"actor_id" text,
	"to_email" text,
	"to_user_id" text,
	"from_session_id" uuid NOT NULL,
	"to_session_id" uuid,
	"difference_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_transfers_key_uq" ON "reservation_transfers" USING btree ("reservation_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_transfers_pending_gift_uq" ON "reservation_transfers" USING btree ("reservation_id") WHERE "reservation_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reservation_transfers_to_user_idx" ON "reservation_transfers" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "reservation_transfers_from_user_idx" ON "reservation_transfers" USING btree ("from_user_id");