// Regenerate migrations after changing src/db/schema.ts: pnpm exec drizzle-kit generate (in this folder).
export default {
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
};
