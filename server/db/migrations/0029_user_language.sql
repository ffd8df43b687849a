-- Issue 48, the product in English and Bahasa Indonesia: the language a person saved in User Settings, for the app
-- on every browser they sign in from and for the messages of the API's answers. NULL until one is chosen: the
-- browser's choice (or an API client's Accept-Language) is kept.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'id'));
