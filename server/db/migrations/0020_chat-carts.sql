CREATE TABLE "chat_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending" jsonb,
	"asked" text,
	"last_product_id" uuid,
	"delivery" text,
	"address" text,
	"bairro" text,
	"payment_method" text,
	"version" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_carts" ADD CONSTRAINT "chat_carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_carts" ADD CONSTRAINT "chat_carts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_carts_live_uq" ON "chat_carts" USING btree ("store_id","phone") WHERE "chat_carts"."state" in ('open', 'awaiting');--> statement-breakpoint
CREATE INDEX "chat_carts_store_phone_idx" ON "chat_carts" USING btree ("store_id","phone","updated_at");