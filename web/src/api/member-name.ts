/**
 * The name a member is shown by wherever they are named (rules §51): Discord's global name
 * (`displayName`) when they set one, their username otherwise. The profile header alone shows
 * the username with its discriminator.
 */
export const memberName = (member: { username: string; displayName?: string | null | undefined }): string =>
  member.displayName?.trim() || member.username;
