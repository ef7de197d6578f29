CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "gateway_message_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bands" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_unconfirmed_idx" ON "campaign_recipients" USING btree ("next_attempt_at") WHERE "campaign_recipients"."status" = 'unconfirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_store_gateway_message_uq" ON "conversation_messages" USING btree ("store_id","gateway_message_id");--> statement-breakpoint
CREATE INDEX "pix_unmatched_created_idx" ON "pix_unmatched_notifications" USING btree ("created_at");