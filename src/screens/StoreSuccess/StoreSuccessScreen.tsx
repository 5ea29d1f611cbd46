import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function StoreSuccessScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Compra concluída</Trans>}
      description={<Trans>Obrigado! Seus novos itens já estão disponíveis nos seus cadernos.</Trans>}
    />
  );
}
