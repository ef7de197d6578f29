ALTER TABLE "campaign_senders" ADD COLUMN "wake_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_senders" ADD COLUMN "wake_token" text;