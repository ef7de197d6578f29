CREATE TABLE "pix_sandbox_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ATIVA' NOT NULL,
	"expires_in_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"e2eid" text,
	"paid_amount" numeric(10, 2),
	"paid_at" timestamp with time zone,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_unmatched_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"txid" text DEFAULT '' NOT NULL,
	"e2eid" text DEFAULT '' NOT NULL,
	"valor" text DEFAULT '' NOT NULL,
	"horario" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "txid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "e2eid" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_unmatched_once" ON "pix_unmatched_notifications" USING btree ("reason","txid","e2eid");--> statement-breakpoint
CREATE INDEX "payments_store_campaign_idx" ON "payments" USING btree ("store_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_campaign" ON "payments" USING btree ("campaign_id") WHERE "payments"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "payments_status_checked_idx" ON "payments" USING btree ("status","checked_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_txid_unique" UNIQUE("txid");