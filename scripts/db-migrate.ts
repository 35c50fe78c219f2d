// npm run db:migrate: applies pending migrations (npm start does this too) and exits.
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { loadConfig } from "../server/config";

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
