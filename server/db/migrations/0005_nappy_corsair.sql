ALTER TABLE "payments" ADD COLUMN "bands" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pix_unmatched_created_idx" ON "pix_unmatched_notifications" USING btree ("created_at");