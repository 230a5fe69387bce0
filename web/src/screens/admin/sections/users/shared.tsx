import { useTranslation } from 'react-i18next';
import { discordAvatarUrl } from '../../../../api/images';
import { memberName } from '../../../../api/member-name';
import { LoadedImage } from '../../../../components/LoadedImage';

/** Discord's default avatar, through our proxy (requirements O7). */
export const DEFAULT_AVATAR = '/api/proxy/discord/embed/avatars/0.png';

/** A Discord avatar at one of the admin sizes (requirements O9: 32, 48, 64). */
export function Avatar({
  discordId,
  hash,
  size,
  alt,
}: {
  discordId: string;
  hash: string | null | undefined;
  size: 32 | 48 | 64;
  alt: string;
}) {
  const url = discordAvatarUrl(discordId, hash);
  return (
    <LoadedImage
      className="admin-avatar"
      src={url ? `${url}?size=${size}` : null}
      fallback={DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
    />
  );
}

/** A person in a row: their 32 px avatar, then their name. */
export function Actor({
  user,
}: {
  user: {
    discordId?: string | null | undefined;
    avatar?: string | null | undefined;
    username: string;
    displayName?: string | null | undefined;
  };
}) {
  return (
    <span className="admin-actor">
      <Avatar discordId={user.discordId ?? ''} hash={user.avatar} size={32} alt="" />
      {memberName(user)}
    </span>
  );
}

/** Copies to the clipboard; a failure is silent (requirements O8). */
export function copyText(text: string): void {
  try {
    void navigator.clipboard?.writeText(text).catch(() => {});
  } catch {
    // No clipboard: nothing to do.
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--icon admin-copy"
      aria-label={label}
      title={t('adminUsers.copy')}
      onClick={() => copyText(text)}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}

/** The developer account: level 4 or marked by the server; never editable (requirements O5). */
export const isDeveloperRow = (u: { adminLevel: number; developer?: boolean | undefined }) =>
  u.developer === true || u.adminLevel >= 4;
