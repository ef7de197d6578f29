ALTER TABLE "stores" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "order_messages" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(10, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'pendente' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "troco" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "public_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "public_url" text;