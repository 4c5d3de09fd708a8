import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the schema (`npm run db:generate`), committed, and applied by the
// server at start; drizzle-kit never talks to a database here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
})
