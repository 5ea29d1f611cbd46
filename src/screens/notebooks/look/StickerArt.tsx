import type { ReactNode } from 'react';
import { isStickerId, type StickerId } from './appearance.ts';
import { useStickerCatalogue } from './usePaperCatalogue.ts';

/**
 * The free stickers' drawings (spec §3: cover stickers). They were emoji, which a phone without
 * an emoji font (Debian's Chromium, older Androids) shows as empty boxes; drawn as SVG they look
 * the same everywhere. Outlines are dark so a sticker stands out on every cover colour.
 */
const INK = '#3b2f4a';
const line = { stroke: INK, strokeWidth: 2.5, strokeLinejoin: 'round' as const, strokeLinecap: 'round' as const };

const ART = {
  star: <path d="M32 5l8.2 16.6 18.3 2.7-13.2 12.9 3.1 18.2L32 46.8l-16.4 8.6 3.1-18.2L5.5 24.3l18.3-2.7z" fill="#fcd34d" {...line} />,
  heart: (
    <path
      d="M32 56S7 41.5 7 23.5C7 14.9 13.6 9 21.2 9c4.8 0 8.6 2.6 10.8 6.4C34.2 11.6 38 9 42.8 9 50.4 9 57 14.9 57 23.5 57 41.5 32 56 32 56z"
      fill="#f472b6"
      {...line}
    />
  ),
  flower: (
    <g {...line}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="32" cy="17" rx="9" ry="12" fill="#f9a8d4" transform={`rotate(${angle} 32 32)`} />
      ))}
      <circle cx="32" cy="32" r="8" fill="#fde047" />
    </g>
  ),
  rainbow: (
    <g fill="none" strokeLinecap="round">
      <path d="M6 48a26 26 0 0 1 52 0" stroke="#ef4444" strokeWidth="6" />
      <path d="M12 48a20 20 0 0 1 40 0" stroke="#f59e0b" strokeWidth="6" />
      <path d="M18 48a14 14 0 0 1 28 0" stroke="#22c55e" strokeWidth="6" />
      <path d="M24 48a8 8 0 0 1 16 0" stroke="#3b82f6" strokeWidth="6" />
      <path d="M3 48h58" stroke={INK} strokeWidth="2.5" />
    </g>
  ),
  pencil: (
    <g {...line}>
      <path d="M14 50l4-14L44 10l10 10-26 26z" fill="#fbbf24" />
      <path d="M44 10l4-4a3 3 0 0 1 4 0l6 6a3 3 0 0 1 0 4l-4 4z" fill="#f9a8d4" />
      <path d="M18 36l10 10-14 4z" fill="#fde7c2" />
      <path d="M14 50l1.6-5.6 4 4z" fill={INK} />
    </g>
  ),
  music: (
    <g {...line}>
      <path d="M24 46V14l28-6v32" fill="none" />
      <ellipse cx="17" cy="46" rx="8" ry="6" fill="#8b5cf6" />
      <ellipse cx="45" cy="40" rx="8" ry="6" fill="#8b5cf6" />
      <path d="M24 22l28-6" fill="none" />
    </g>
  ),
  sun: (
    <g {...line}>
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
        <path key={angle} d="M32 4v9" stroke="#f97316" strokeWidth="4" transform={`rotate(${angle} 32 32)`} />
      ))}
      <circle cx="32" cy="32" r="13" fill="#fde047" />
    </g>
  ),
  cat: (
    <g {...line}>
      <path d="M12 30L10 8l13 10h18l13-10-2 22c0 14-9 24-20 24S12 44 12 30z" fill="#fb923c" />
      <circle cx="24" cy="32" r="2.5" fill={INK} stroke="none" />
      <circle cx="40" cy="32" r="2.5" fill={INK} stroke="none" />
      <path d="M29 39h6l-3 3z" fill="#f472b6" />
      <path d="M32 42c-1 3-5 4-7 2M32 42c1 3 5 4 7 2" fill="none" />
    </g>
  ),
  rocket: (
    <g {...line}>
      <path d="M32 4c10 8 14 20 12 36H20C18 24 22 12 32 4z" fill="#e5e7eb" />
      <path d="M20 40l-8 10 10-2zM44 40l8 10-10-2z" fill="#ef4444" />
      <circle cx="32" cy="22" r="6" fill="#60a5fa" />
      <path d="M25 40l7 18 7-18z" fill="#f59e0b" />
    </g>
  ),
  smile: (
    <g {...line}>
      <circle cx="32" cy="32" r="26" fill="#fde047" />
      <circle cx="23" cy="26" r="3" fill={INK} stroke="none" />
      <circle cx="41" cy="26" r="3" fill={INK} stroke="none" />
      <path d="M19 36c4 9 22 9 26 0" fill="none" />
    </g>
  ),
} satisfies Record<StickerId, ReactNode>;

/** A sticker is a picture (its name is said by the control or the text beside it): hidden from screen readers. */
export function StickerArt({ id, className }: { id: string; className?: string }) {
  if (!isStickerId(id)) return <UploadedSticker id={id} className={className} />;
  return (
    <svg viewBox="0 0 64 64" className={className} width="100%" height="100%" aria-hidden="true" focusable="false" data-sticker-art={id}>
      {ART[id]}
    </svg>
  );
}

/**
 * A sticker of a pack admins added (issue 35): its uploaded picture, from the device's copy of the
 * sticker catalogue (offline too; guests and collaborators see the owner's stickers). Unknown here
 * (never read on this device, or its pack disabled): an empty place of the same size.
 */
function UploadedSticker({ id, className }: { id: string; className?: string }) {
  const url = useStickerCatalogue()?.find((s) => s.id === id)?.image_url;
  if (!url) {
    return <svg viewBox="0 0 64 64" className={className} width="100%" height="100%" aria-hidden="true" focusable="false" data-sticker-art={id} />;
  }
  return <img src={url} alt="" className={className} width="100%" height="100%" style={{ objectFit: 'contain' }} draggable={false} data-sticker-art={id} />;
}
