// Routes hold the database only to hand it to the domain: its type passes through here, so
// server/routes never imports server/db (eslint.config.js's zones allow no type-only exception).
export type { Database } from '../db/connect.ts';
