CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"has_basic_access" boolean DEFAULT false NOT NULL,
	"has_pro_access" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"session_count" integer DEFAULT 0 NOT NULL,
	"weekly_free_chats_remaining" integer DEFAULT 1 NOT NULL,
	"last_weekly_reset_date" timestamp with time zone,
	"has_used_free_trial" boolean DEFAULT false NOT NULL,
	"free_session_used" boolean DEFAULT false NOT NULL,
	"free_session_expires_at" timestamp with time zone,
	"basic_purchase_date" timestamp with time zone,
	"has_used_pro_promo" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"age" integer,
	"city" text,
	"state" text,
	"sales_experience" text,
	"current_income" integer,
	"target_income" integer,
	"biggest_struggle" text,
	"industry" text,
	"product" text,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" text,
	"free_pro_months_remaining" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_idx" ON "users" USING btree ("referral_code");