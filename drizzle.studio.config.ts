import { defineConfig } from 'drizzle-kit';

/** The game studio's own tables (schema `studio`), migrated apart from the product's. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './studio/db/schema.ts',
  out: './studio/db/migrations',
  schemaFilter: ['studio'],
  migrations: { schema: 'studio' },
});
