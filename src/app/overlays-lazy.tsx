import { UpdateCard } from '../components/UpdateCard.tsx';
import { InstallCard } from '../components/InstallCard.tsx';
import { CookieConsent } from '../components/CookieConsent.tsx';
import { useRoundStore } from '../state/round.ts';
import { AnnouncementHost } from '../components/announcement/AnnouncementHost.tsx';

/**
 * The overlays that appear a moment after load at the earliest (cookie consent after 1 s, the
 * install offer and the update card when the browser says so): one chunk, loaded after first
 * paint, so the landing page's JavaScript stays small.
 */
export default function DeferredOverlays() {
  // During a round of "Passar o caderno" the phone is in a friend's hands: the questions meant for
  // its owner (cookies, installing) wait for the round to end instead of covering the round's buttons.
  const inRound = useRoundStore((st) => st.active !== null);
  return (
    <>
      <UpdateCard />
      {!inRound && <InstallCard />}
      {!inRound && <CookieConsent />}
      <AnnouncementHost />
    </>
  );
}
