ALTER TABLE "order_items" ADD COLUMN "stock_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- Orders confirmed before this column: what they took is not known; the best guess is the old
-- rule (the quantity, for a product tracked now), so cancelling them gives back what it did.
UPDATE "order_items" AS i SET "stock_taken" = i."quantity"
  FROM "orders" AS o, "products" AS p
  WHERE o."id" = i."order_id" AND p."id" = i."product_id" AND p."stock" IS NOT NULL
    AND o."status" IN ('confirmado', 'pronto', 'entregue');
