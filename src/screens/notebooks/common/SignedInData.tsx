import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { backTo } from '../../../navigation/links.ts';
import { getCurrentUserId } from '../../../data/auth.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import { useDataLayer } from '../../../state/data-layer.ts';

type SignedInDataProps = {
  /** The page could not open the person's database. */
  failed: ReactNode;
  /** The database is opening (or the session is still being looked at). */
  loading: ReactNode;
  children: (layer: DataLayer) => ReactNode;
} & (
  | {
      /** Send a visitor to the login page, back to this path (?next=) after logging in. */
      loginNext: string;
    }
  | {
      /** What a visitor sees instead (a shared notebook's link explains why to log in). */
      signedOut: ReactNode;
    }
);

/**
 * The one gate of the notebook screens: the signed-in person's data layer, or what to show while
 * there is none — signed out, failed to open, still opening.
 */
export function SignedInData(props: SignedInDataProps) {
  const data = useDataLayer();
  switch (data.status) {
    case 'ready':
      return <>{props.children(data.layer)}</>;
    case 'failed':
      return <>{props.failed}</>;
    case 'loading':
      return <>{props.loading}</>;
    case 'signed-out':
      if ('signedOut' in props) return <>{props.signedOut}</>;
      if (nobodySignedIn()) return <Redirect to={backTo('/login', props.loginNext)} replace />;
      return <>{props.loading}</>;
  }
}

/**
 * True when nobody is signed in, also for the auth layer: right after a log-in the page the
 * person asked for (?next=) opens a moment before the session store says "signed in", and
 * sending them back to /login then would bounce them between the two pages.
 */
function nobodySignedIn(): boolean {
  return getCurrentUserId() === null;
}
