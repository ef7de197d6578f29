CREATE TABLE "conversation_settings" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"pause_minutes" integer DEFAULT 30 NOT NULL,
	"quick_replies_seeded" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"customer_id" uuid,
	"push_name" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_text" text DEFAULT '' NOT NULL,
	"last_author" text NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"needs_human" boolean DEFAULT false NOT NULL,
	"assistant_paused_until" timestamp with time zone,
	"assistant_off" boolean DEFAULT false NOT NULL,
	"store_id" uuid NOT NULL,
	"revision" bigint DEFAULT nextval('sync_revision') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "send_state" text;--> statement-breakpoint
ALTER TABLE "conversation_settings" ADD CONSTRAINT "conversation_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_store_phone_uq" ON "conversations" USING btree ("store_id","phone") WHERE "conversations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "conversations_store_last_idx" ON "conversations" USING btree ("store_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_store_revision_idx" ON "conversations" USING btree ("store_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_replies_store_shortcut_uq" ON "quick_replies" USING btree ("store_id",lower("shortcut"));--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_store_client_key_uq" ON "conversation_messages" USING btree ("store_id","client_key");
--> statement-breakpoint
-- Hand-written: the chats already in the log become conversations (read: nothing was unread
-- before there was a screen to read them in); their last turn is the chat's last message.
INSERT INTO "conversations" ("store_id", "phone", "customer_id", "last_message_at", "last_text", "last_author")
SELECT DISTINCT ON (m."store_id", m."phone") m."store_id", m."phone", m."customer_id", m."created_at", left(m."text", 4096), m."author"
FROM "conversation_messages" m
WHERE m."phone" <> ''
ORDER BY m."store_id", m."phone", m."created_at" DESC, m."id" DESC
ON CONFLICT DO NOTHING;
