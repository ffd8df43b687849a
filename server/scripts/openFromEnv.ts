import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { ensureReferenceData } from '../seed/reference.ts';

/** The database the server would use with the same environment, migrated and with reference data. */
export async function openFromEnv() {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await ensureReferenceData(database.db);
  return { config, database };
}

export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`Unexpected argument '${argv[i]}'`);
    flags[match[1]] = match[2] ?? argv[++i] ?? '';
  }
  return flags;
}
