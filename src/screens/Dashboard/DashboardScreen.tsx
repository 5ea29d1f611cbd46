import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function DashboardScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Meus cadernos</Trans>}
      description={<Trans>Seus cadernos, os compartilhados com você, os favoritos e as colaborações.</Trans>}
    />
  );
}
