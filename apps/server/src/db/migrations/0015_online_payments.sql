CREATE TABLE "company_offers" (
	"company_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_offers_company_id_version_pk" PRIMARY KEY("company_id","version")
);
--> statement-breakpoint
ALTER TABLE "company_offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "licence_orders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "licence_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"max_students" integer NOT NULL,
	"period_months" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" bigint,
	"licence_from" date,
	"licence_to" date,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "licence_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "licence_payments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "licence_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"online_payment_id" bigint,
	"natural_key" text NOT NULL,
	"reverses_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "licence_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "offer_acceptances" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "offer_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"accepted_by" bigint,
	"language" text NOT NULL,
	"ip" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_acceptances_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "offer_acceptances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "online_payments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "online_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"branch_id" bigint,
	"student_id" bigint,
	"group_id" bigint,
	"licence_order_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"token" uuid NOT NULL,
	"created_by" bigint,
	"source" text NOT NULL,
	"entry_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "online_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_provider_accounts" (
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"credentials" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_accounts_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payment_provider_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_tariffs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"max_students" integer NOT NULL,
	"period_months" integer NOT NULL,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_tariffs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"merchant" text NOT NULL,
	"external_id" text NOT NULL,
	"payer_company_id" bigint NOT NULL,
	"online_payment_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"provider_time" bigint,
	"cancel_reason" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"performed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "provider_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_payments_natural_key" ON "licence_payments" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_payments_reverses" ON "licence_payments" USING btree ("company_id","reverses_id") WHERE "licence_payments"."reverses_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_acceptances_once" ON "offer_acceptances" USING btree ("company_id","user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_token" ON "online_payments" USING btree ("company_id","token");--> statement-breakpoint
CREATE INDEX "online_payments_company_id_student_id_created_at_index" ON "online_payments" USING btree ("company_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "online_payments_company_id_licence_order_id_index" ON "online_payments" USING btree ("company_id","licence_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_tariffs_offer" ON "platform_tariffs" USING btree ("country","max_students","period_months");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_external" ON "provider_transactions" USING btree ("provider","merchant","external_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_provider_merchant_provider_time_index" ON "provider_transactions" USING btree ("provider","merchant","provider_time");--> statement-breakpoint
CREATE INDEX "provider_transactions_payer_company_id_online_payment_id_index" ON "provider_transactions" USING btree ("payer_company_id","online_payment_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company_offers" AS PERMISSIVE FOR ALL TO "app_user" USING ("company_offers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("company_offers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "licence_orders" AS PERMISSIVE FOR ALL TO "app_user" USING ("licence_orders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("licence_orders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "licence_payments" AS PERMISSIVE FOR ALL TO "app_user" USING ("licence_payments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("licence_payments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "offer_acceptances" AS PERMISSIVE FOR ALL TO "app_user" USING ("offer_acceptances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("offer_acceptances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "online_payments" AS PERMISSIVE FOR ALL TO "app_user" USING ("online_payments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("online_payments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_provider_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("payment_provider_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("payment_provider_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- Licence money is append-only for the application: a correction is a reversing row (ARCHITECTURE.md "Money").
REVOKE UPDATE, DELETE ON "licence_payments" FROM "app_user";--> statement-breakpoint
-- An acceptance of the offer is a record of what happened: never changed, never removed.
REVOKE UPDATE, DELETE ON "offer_acceptances" FROM "app_user";--> statement-breakpoint
-- A published version of the offer stays as it was read and accepted.
REVOKE UPDATE, DELETE ON "company_offers" FROM "app_user";
--> statement-breakpoint
-- The starting price list (spec §9: bands 0-100, 100-300, 300-1000; periods 1, 3, 6, 12 months; 200,000 sum a
-- month for the smallest band), 5, 10 and 20 % off for 3, 6 and 12 months. The console changes it from here on.
INSERT INTO "platform_tariffs" ("country", "currency", "max_students", "period_months", "price") VALUES
  ('uz', 'UZS', 100, 1, 200000),
  ('uz', 'UZS', 100, 3, 570000),
  ('uz', 'UZS', 100, 6, 1080000),
  ('uz', 'UZS', 100, 12, 1920000),
  ('uz', 'UZS', 300, 1, 400000),
  ('uz', 'UZS', 300, 3, 1140000),
  ('uz', 'UZS', 300, 6, 2160000),
  ('uz', 'UZS', 300, 12, 3840000),
  ('uz', 'UZS', 1000, 1, 800000),
  ('uz', 'UZS', 1000, 3, 2280000),
  ('uz', 'UZS', 1000, 6, 4320000),
  ('uz', 'UZS', 1000, 12, 7680000),
  ('kz', 'KZT', 100, 1, 800000),
  ('kz', 'KZT', 100, 3, 2280000),
  ('kz', 'KZT', 100, 6, 4320000),
  ('kz', 'KZT', 100, 12, 7680000),
  ('kz', 'KZT', 300, 1, 1600000),
  ('kz', 'KZT', 300, 3, 4560000),
  ('kz', 'KZT', 300, 6, 8640000),
  ('kz', 'KZT', 300, 12, 15360000),
  ('kz', 'KZT', 1000, 1, 3200000),
  ('kz', 'KZT', 1000, 3, 9120000),
  ('kz', 'KZT', 1000, 6, 17280000),
  ('kz', 'KZT', 1000, 12, 30720000),
  ('id', 'IDR', 100, 1, 250000),
  ('id', 'IDR', 100, 3, 712500),
  ('id', 'IDR', 100, 6, 1350000),
  ('id', 'IDR', 100, 12, 2400000),
  ('id', 'IDR', 300, 1, 500000),
  ('id', 'IDR', 300, 3, 1425000),
  ('id', 'IDR', 300, 6, 2700000),
  ('id', 'IDR', 300, 12, 4800000),
  ('id', 'IDR', 1000, 1, 1000000),
  ('id', 'IDR', 1000, 3, 2850000),
  ('id', 'IDR', 1000, 6, 5400000),
  ('id', 'IDR', 1000, 12, 9600000);
