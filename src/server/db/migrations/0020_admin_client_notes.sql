CREATE TABLE "admin_client_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text NOT NULL,
	"author_email" text NOT NULL,
	"edited_by_email" text,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_client_notes" ADD CONSTRAINT "admin_client_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_client_notes_user_idx" ON "admin_client_notes" USING btree ("user_id","created_at");