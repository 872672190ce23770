ALTER TABLE "courses" ADD COLUMN "allergens" text[];--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "diets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "allergens" text[];--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "diets" text[] DEFAULT '{}'::text[] NOT NULL;