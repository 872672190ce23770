ALTER TABLE "course_sessions" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "video_link_notified" text;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "video_link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Links set before this migration were already e-mailed when they were saved: saving them again tells no one.
UPDATE "course_sessions" SET "video_link_notified" = "video_link", "video_link_version" = 1 WHERE "video_link" IS NOT NULL;