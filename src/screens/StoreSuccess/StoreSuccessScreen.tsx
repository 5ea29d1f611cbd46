import { Redirect } from 'wouter';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { backTo } from '../../navigation/links.ts';
import { useSessionStore } from '../../state/session.ts';
import { OnlineData } from '../online/OnlineData.tsx';
import { StoreSuccessView } from '../online/store/StoreSuccessView.tsx';

/** /loja-sazonal/sucesso (issue 35): what a payment granted, read from the person's own purchase. */
export default function StoreSuccessScreen() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  if (status === 'signed-out') return <Redirect to={backTo('/login', '/loja-sazonal')} replace />;
  if (status === 'loading' || !userId) return <PageSkeleton />;
  return (
    <OnlineData>
      <StoreSuccessView />
    </OnlineData>
  );
}
