ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");--> statement-breakpoint
-- hand-written
-- Sessions issued under the 90-day rule get the 30-day idle limit from now (decision 001): an
-- unused token on a lost phone must not keep its 90 days. Their use renews them as usual.
UPDATE "sessions" SET "expires_at" = least("expires_at", now() + interval '30 days');
