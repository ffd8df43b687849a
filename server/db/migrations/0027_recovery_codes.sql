-- Issue 44, recovery codes: ten single-use codes per user, stored as argon2 hashes, for the day the
-- authenticator is lost. A new set deletes the old one; a used code keeps its row (used_at) until then.
-- two_factor_reset_required is set by a sign-in with a code: the user is asked to set up a new authenticator,
-- and may replace the active one from a verified session until they do (or prove the old one again).
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_reset_required" boolean DEFAULT false NOT NULL;
