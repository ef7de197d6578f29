CREATE TABLE "campaign_audiences" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"labels" uuid[] NOT NULL,
	"exclude" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_labels" (
	"customer_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_labels_customer_id_label_id_pk" PRIMARY KEY("customer_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"revision" bigint DEFAULT nextval('sync_revision') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_labels_store_label_idx" ON "customer_labels" USING btree ("store_id","label_id","customer_id");--> statement-breakpoint
CREATE INDEX "labels_store_revision_idx" ON "labels" USING btree ("store_id","revision");--> statement-breakpoint
CREATE INDEX "labels_store_name_idx" ON "labels" USING btree ("store_id","name","id") WHERE "labels"."deleted_at" IS NULL;