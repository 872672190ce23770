ALTER TABLE "course_sessions" ADD COLUMN "minimum_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "minimum_answer_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "minimum_kept_at" timestamp with time zone;