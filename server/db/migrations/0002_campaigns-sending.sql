CREATE TABLE "campaign_images" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_campaign_customer_uq" UNIQUE("campaign_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_senders" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	"wake_at" timestamp with time zone,
	"wake_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Text counters become integers; anything that is not a plain number falls back to the default.
ALTER TABLE "campaigns" ALTER COLUMN "sent_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "sent_count" SET DATA TYPE integer USING (CASE WHEN trim("sent_count") ~ '^[0-9]{1,9}$' THEN trim("sent_count")::integer ELSE 0 END);--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "sent_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaign_limit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaign_limit" SET DATA TYPE integer USING (CASE WHEN trim("daily_campaign_limit") ~ '^[0-9]{1,9}$' THEN trim("daily_campaign_limit")::integer ELSE 1 END);--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaign_limit" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaigns_sent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaigns_sent" SET DATA TYPE integer USING (CASE WHEN trim("daily_campaigns_sent") ~ '^[0-9]{1,9}$' THEN trim("daily_campaigns_sent")::integer ELSE 0 END);--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "daily_campaigns_sent" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipient_count" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pause_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pause_kind" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failure_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_senders" ADD CONSTRAINT "campaign_senders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_images_store_idx" ON "campaign_images" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_recipients_store_sent_idx" ON "campaign_recipients" USING btree ("store_id","sent_at") WHERE "campaign_recipients"."sent_at" is not null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_image_id_campaign_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."campaign_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_store_confirmed_idx" ON "campaigns" USING btree ("store_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_starts_idx" ON "campaigns" USING btree ("status","starts_at");;--> statement-breakpoint
-- Campaigns from before drafts existed were confirmed when created: they stay in the history.
UPDATE "campaigns" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;