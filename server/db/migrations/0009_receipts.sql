CREATE TABLE "whatsapp_receipts" (
	"store_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_receipts_store_id_message_id_pk" PRIMARY KEY("store_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "gateway_message_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_connections" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_receipts" ADD CONSTRAINT "whatsapp_receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;