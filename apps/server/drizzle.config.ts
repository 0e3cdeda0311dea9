import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema by `npm run db:generate` and committed; never edited by hand.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
