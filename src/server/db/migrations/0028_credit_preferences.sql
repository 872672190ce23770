CREATE TABLE "credit_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"automatic_refunds_to_credit" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_preferences" ADD CONSTRAINT "credit_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;