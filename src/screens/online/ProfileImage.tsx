import { profileImageUrl } from '../../data/online/profile-images.ts';

/**
 * A person's avatar: their picture, or the first letter of their name on the theme's colour.
 * Decorative (alt ""): the name is always written next to it.
 */
export function Avatar({ value, name, className }: { value: string | null | undefined; name: string; className: string }) {
  const url = profileImageUrl('avatar', value);
  if (url) return <img className={className} src={url} alt="" width={96} height={96} decoding="async" data-testid="avatar" />;
  return (
    <span className={className} aria-hidden="true" data-testid="avatar-letter">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export function Cover({ value, className }: { value: string | null | undefined; className: string }) {
  const url = profileImageUrl('cover', value);
  if (!url) return null;
  return <img className={className} src={url} alt="" width={1200} height={400} decoding="async" data-testid="cover" />;
}
