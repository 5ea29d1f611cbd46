import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function SettingsScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Configurações</Trans>}
      description={<Trans>Perfil, conta, segurança e preferências dos seus cadernos.</Trans>}
    />
  );
}
