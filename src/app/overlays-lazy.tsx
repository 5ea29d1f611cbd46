import { UpdateCard } from '../components/UpdateCard.tsx';
import { InstallCard } from '../components/InstallCard.tsx';
import { CookieConsent } from '../components/CookieConsent.tsx';

/**
 * The overlays that appear a moment after load at the earliest (cookie consent after 1 s, the
 * install offer and the update card when the browser says so): one chunk, loaded after first
 * paint, so the landing page's JavaScript stays small.
 */
export default function DeferredOverlays() {
  return (
    <>
      <UpdateCard />
      <InstallCard />
      <CookieConsent />
    </>
  );
}
