import { Redirect } from 'wouter';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { backTo } from '../../navigation/links.ts';
import { useSessionStore } from '../../state/session.ts';
import { OnlineData } from '../online/OnlineData.tsx';
import { StoreView } from '../online/store/StoreView.tsx';

/**
 * /loja-sazonal (issue 35): the seasonal store, online-only, for signed-in people (admins and the
 * beta). Its texts are the profiles area's catalog (src/screens/online/store), loaded with it.
 */
export default function StoreScreen() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  if (status === 'signed-out') return <Redirect to={backTo('/login', '/loja-sazonal')} replace />;
  if (status === 'loading' || !userId) return <PageSkeleton />;
  return (
    <OnlineData>
      <StoreView userId={userId} />
    </OnlineData>
  );
}
