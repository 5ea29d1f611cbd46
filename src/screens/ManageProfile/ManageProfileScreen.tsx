import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function ManageProfileScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Gerenciar perfil público</Trans>}
      description={<Trans>Modere as mensagens do mural e a enquete do seu perfil.</Trans>}
    />
  );
}
