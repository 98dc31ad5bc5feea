import { defineConfig } from 'drizzle-kit';

// One set of SQL migrations, generated from src/db/schema and committed; they run on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
