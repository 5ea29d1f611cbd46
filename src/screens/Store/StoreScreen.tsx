import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function StoreScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Loja sazonal</Trans>}
      description={<Trans>Temas, figurinhas e estilos de papel da temporada.</Trans>}
    />
  );
}
