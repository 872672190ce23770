ALTER TABLE "course_sessions" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "cancel_reason" text;