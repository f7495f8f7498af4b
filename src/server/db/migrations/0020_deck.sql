CREATE TABLE "deck_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deck_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"normalized" text NOT NULL,
	"source_message_id" integer,
	"source" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_cards_text_length_check" CHECK (char_length(text) between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "deck_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deck_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" text NOT NULL,
	"score" smallint NOT NULL,
	"keep" text,
	"change" text,
	"rating" smallint NOT NULL,
	"stability_after" double precision NOT NULL,
	"due_after" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deck_reviews_answer_length_check" CHECK (char_length(answer) <= 1000)
);
--> statement-breakpoint
ALTER TABLE "deck_cards" ADD CONSTRAINT "deck_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_cards" ADD CONSTRAINT "deck_cards_source_message_id_chat_messages_id_fk" FOREIGN KEY ("source_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_reviews" ADD CONSTRAINT "deck_reviews_card_id_deck_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."deck_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_reviews" ADD CONSTRAINT "deck_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deck_cards_user_line_idx" ON "deck_cards" USING btree ("user_id","normalized");--> statement-breakpoint
CREATE INDEX "deck_cards_user_due_idx" ON "deck_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "deck_reviews_user_idx" ON "deck_reviews" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "deck_reviews_card_idx" ON "deck_reviews" USING btree ("card_id","reviewed_at");