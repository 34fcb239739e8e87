CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"manager_user_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_leavers" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer,
	"department_name" text DEFAULT '' NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_leavers_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "real_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "invite_code" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_applications" ADD CONSTRAINT "team_applications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_applications" ADD CONSTRAINT "team_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_applications" ADD CONSTRAINT "team_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_leavers" ADD CONSTRAINT "team_leavers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_leavers" ADD CONSTRAINT "team_leavers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_leavers" ADD CONSTRAINT "team_leavers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_team_parent" ON "departments" USING btree ("team_id","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "team_applications_one_pending" ON "team_applications" USING btree ("team_id","user_id") WHERE "team_applications"."status" = 0;--> statement-breakpoint
CREATE INDEX "team_applications_team" ON "team_applications" USING btree ("team_id","status","created_at");--> statement-breakpoint
CREATE INDEX "team_leavers_team" ON "team_leavers" USING btree ("team_id","left_at");--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_team_joined" ON "team_members" USING btree ("team_id","joined_at");--> statement-breakpoint
CREATE INDEX "team_members_department" ON "team_members" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_invite_code" ON "teams" USING btree ("invite_code");--> statement-breakpoint
-- The industry tree of the create-team form; names are in the locale files under industry.*
INSERT INTO "industries" ("id", "parent_id", "key", "sort") VALUES
  (1, NULL, 'it', 1),
  (101, 1, 'it.software', 1),
  (102, 1, 'it.internet', 2),
  (103, 1, 'it.ai', 3),
  (104, 1, 'it.hardware', 4),
  (105, 1, 'it.telecom', 5),
  (2, NULL, 'finance', 2),
  (201, 2, 'finance.banking', 1),
  (202, 2, 'finance.insurance', 2),
  (203, 2, 'finance.securities', 3),
  (204, 2, 'finance.fintech', 4),
  (3, NULL, 'education', 3),
  (301, 3, 'education.k12', 1),
  (302, 3, 'education.higher_education', 2),
  (303, 3, 'education.training', 3),
  (304, 3, 'education.edtech', 4),
  (4, NULL, 'healthcare', 4),
  (401, 4, 'healthcare.hospitals', 1),
  (402, 4, 'healthcare.pharmaceuticals', 2),
  (403, 4, 'healthcare.medical_devices', 3),
  (404, 4, 'healthcare.health_services', 4),
  (5, NULL, 'manufacturing', 5),
  (501, 5, 'manufacturing.automotive', 1),
  (502, 5, 'manufacturing.electronics', 2),
  (503, 5, 'manufacturing.machinery', 3),
  (504, 5, 'manufacturing.chemicals', 4),
  (6, NULL, 'retail', 6),
  (601, 6, 'retail.ecommerce', 1),
  (602, 6, 'retail.stores', 2),
  (603, 6, 'retail.consumer_goods', 3),
  (604, 6, 'retail.food_beverage', 4),
  (7, NULL, 'media', 7),
  (701, 7, 'media.advertising', 1),
  (702, 7, 'media.publishing', 2),
  (703, 7, 'media.film_tv', 3),
  (704, 7, 'media.games', 4),
  (8, NULL, 'professional_services', 8),
  (801, 8, 'professional_services.consulting', 1),
  (802, 8, 'professional_services.legal', 2),
  (803, 8, 'professional_services.accounting', 3),
  (804, 8, 'professional_services.human_resources', 4),
  (9, NULL, 'real_estate', 9),
  (901, 9, 'real_estate.property', 1),
  (902, 9, 'real_estate.construction', 2),
  (903, 9, 'real_estate.architecture', 3),
  (10, NULL, 'logistics', 10),
  (1001, 10, 'logistics.freight', 1),
  (1002, 10, 'logistics.warehousing', 2),
  (1003, 10, 'logistics.travel', 3),
  (11, NULL, 'energy', 11),
  (1101, 11, 'energy.power', 1),
  (1102, 11, 'energy.oil_gas', 2),
  (1103, 11, 'energy.renewables', 3),
  (12, NULL, 'public_sector', 12),
  (1201, 12, 'public_sector.government', 1),
  (1202, 12, 'public_sector.non_profit', 2),
  (1203, 12, 'public_sector.research', 3),
  (13, NULL, 'other', 13),
  (1301, 13, 'other.agriculture', 1),
  (1302, 13, 'other.other', 2);