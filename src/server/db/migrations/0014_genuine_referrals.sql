CREATE TABLE "referral_card_fingerprints" (
	"user_id" integer NOT NULL,
	"fingerprint_hash" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_card_fingerprints_user_id_fingerprint_hash_pk" PRIMARY KEY("user_id","fingerprint_hash")
);
--> statement-breakpoint
CREATE TABLE "referral_exclusions" (
	"referred_user_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_sightings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_sightings_user_id_kind_value_hash_pk" PRIMARY KEY("user_id","kind","value_hash")
);
--> statement-breakpoint
ALTER TABLE "referral_card_fingerprints" ADD CONSTRAINT "referral_card_fingerprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_exclusions" ADD CONSTRAINT "referral_exclusions_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_exclusions" ADD CONSTRAINT "referral_exclusions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_sightings" ADD CONSTRAINT "referral_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_card_fingerprints_hash_idx" ON "referral_card_fingerprints" USING btree ("fingerprint_hash");--> statement-breakpoint
CREATE INDEX "referral_exclusions_referrer_id_idx" ON "referral_exclusions" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referral_sightings_last_seen_at_idx" ON "referral_sightings" USING btree ("last_seen_at");