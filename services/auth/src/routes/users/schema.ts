import { publicUserListSchema } from '@acg/contracts';

/** GET /api/users: [{id, username, discriminator, discordId, avatar}] by username. */
export const usersListResponse = publicUserListSchema;
