// Generates the auth service's migrations: `pnpm exec drizzle-kit generate` in services/auth.
export default {
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
};
