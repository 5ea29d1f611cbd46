import { UpdateCard } from '../components/UpdateCard.tsx';
import { InstallCard } from '../components/InstallCard.tsx';
import { CookieConsent } from '../components/CookieConsent.tsx';
import { useRoundStore } from '../state/round.ts';
import { AnnouncementHost } from '../components/announcement/AnnouncementHost.tsx';
import { Toaster } from '../components/Toaster.tsx';

/**
 * The overlays that appear a moment after load at the earliest (cookie consent after 1 s, the
 * install offer and the update card when the browser says so) and the toasts (raised by what a
 * person does, or by the session's check after load; the toast store keeps any raised before this
 * chunk arrives): one chunk, requested with the first render and not needed to paint the page,
 * so the landing page's JavaScript stays small (the toasts alone were 1.5 kB gzip of the entry).
 */
export default function DeferredOverlays() {
  // During a round of "Passar o caderno" the phone is in a friend's hands: the questions meant for
  // its owner (cookies, installing) wait for the round to end instead of covering the round's buttons.
  const inRound = useRoundStore((st) => st.active !== null);
  return (
    <>
      <Toaster />
      <UpdateCard />
      {!inRound && <InstallCard />}
      {!inRound && <CookieConsent />}
      <AnnouncementHost />
    </>
  );
}
