import { useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';

export type AnnouncementKey = 'announcement.landing' | 'announcement.dashboard';
const KEYS: readonly string[] = ['announcement.landing', 'announcement.dashboard'] satisfies AnnouncementKey[];

/** The element a page places where its announcement goes: `<div id={SLOT_ID} data-announcement="<key>" />`. */
export const SLOT_ID = 'cadernos-announcement';

function findSlot(): { element: HTMLElement; key: AnnouncementKey } | null {
  const element = document.getElementById(SLOT_ID);
  const key = element?.dataset.announcement ?? '';
  return element && KEYS.includes(key) ? { element, key: key as AnnouncementKey } : null;
}

/**
 * Announcements (issue 36) on the landing page and the dashboard: each page holds an empty slot
 * (plain markup, no code), and this host — part of the overlays loaded after first paint
 * (src/app/overlays-lazy.tsx) — fills the slot of the page on screen. So nothing of it is on the
 * landing page's critical path. The part that reads the dynamic translations is its own chunk,
 * loaded the first time a slot appears; a chunk that cannot load shows nothing (never an error).
 */
export function AnnouncementHost() {
  const [slot, setSlot] = useState(findSlot);
  const [Part, setPart] = useState<ComponentType<{ textKey: AnnouncementKey }> | null>(null);

  useEffect(() => {
    const look = () =>
      setSlot((previous) => {
        const found = findSlot();
        return found?.element === previous?.element && found?.key === previous?.key ? previous : found;
      });
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!slot || Part) return;
    let live = true;
    void import('./Announcement.tsx')
      .then((module) => {
        if (live) setPart(() => module.default);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [slot !== null, Part]);

  return slot && Part ? createPortal(<Part key={slot.key} textKey={slot.key} />, slot.element) : null;
}
