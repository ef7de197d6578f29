CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"basis" text,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_label_links" (
	"label_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deleted_label_links_label_id_customer_id_pk" PRIMARY KEY("label_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_label_links" ADD CONSTRAINT "deleted_label_links_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_label_links" ADD CONSTRAINT "deleted_label_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_label_links" ADD CONSTRAINT "deleted_label_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_customer_idx" ON "consent_events" USING btree ("customer_id","seq");--> statement-breakpoint
CREATE INDEX "deleted_label_links_store_label_idx" ON "deleted_label_links" USING btree ("store_id","label_id","customer_id");--> statement-breakpoint
-- hand-written
-- Customers opted out before the ledger (a SAIR, or an order without the box): their state is
-- kept as a withdrawal, so no storefront order can clear it (decision 023).
INSERT INTO "consent_events" ("store_id", "customer_id", "kind", "source", "text", "at")
SELECT "store_id", "id", 'withdrawn', 'migration', 'Fora das promoções antes do histórico de consentimento', coalesce("opted_out_at", "updated_at")
FROM "customers" WHERE "opted_out" AND "deleted_at" IS NULL;
