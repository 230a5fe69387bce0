// Regenerate with: /work/main/services/auth/node_modules/.bin/drizzle-kit generate --config drizzle.config.ts
// (run in this folder; drizzle-kit is a dev dependency of the services, not of platform).
export default {
  dialect: 'postgresql',
  schema: './schema.ts',
  out: './drizzle',
};
