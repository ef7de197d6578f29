ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'loja' NOT NULL;--> statement-breakpoint
-- Orders the assistant placed before the column existed: the chat cart that placed them says so.
UPDATE "orders" SET "source" = 'whatsapp' WHERE "id" IN (SELECT "order_id" FROM "chat_carts" WHERE "order_id" IS NOT NULL);
