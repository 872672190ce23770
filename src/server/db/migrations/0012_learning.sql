CREATE TABLE "course_progress" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"position_seconds" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "course_progress_position_valid" CHECK ("course_progress"."position_seconds" >= 0 AND "course_progress"."duration_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "recording_key" text;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "recording_content_type" text;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "recording_bytes" bigint;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;