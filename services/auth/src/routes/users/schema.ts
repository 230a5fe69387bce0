import { publicUserListSchema, usersSearchQuerySchema } from '@acg/contracts';

/** GET /api/users: [{id, username, discriminator, discordId, avatar}] by username. */
export const usersListResponse = publicUserListSchema;

/**
 * GET /api/users query (additive): `q` finds members by display name or username, in any script,
 * case and accents ignored (the trade form's recipient search box); `limit` caps the answer.
 */
export const usersQuerySchema = usersSearchQuerySchema;
