CREATE TABLE "campaign_receipt_totals" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"delivered" integer NOT NULL,
	"read" integer NOT NULL,
	"failed" integer NOT NULL,
	"purged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (case when length(phone) = 10 and substr(phone, 3, 1) in ('6','7','8','9')
        then substr(phone, 1, 2) || '9' || substr(phone, 3) else phone end) STORED;--> statement-breakpoint
ALTER TABLE "campaign_receipt_totals" ADD CONSTRAINT "campaign_receipt_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_store_phone_key_idx" ON "customers" USING btree ("store_id","phone_key","opted_out","id") WHERE "customers"."deleted_at" IS NULL;