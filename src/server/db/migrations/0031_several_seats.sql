ALTER TABLE "course_sessions" ADD COLUMN "max_seats_per_booking" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_max_seats_per_booking_range" CHECK ("course_sessions"."max_seats_per_booking" between 1 and 6);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_seats_positive" CHECK ("order_lines"."seats" >= 1);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_seats_range" CHECK ("reservations"."seats" between 1 and 6);