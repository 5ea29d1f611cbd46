import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function ProfileScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Perfil</Trans>}
      description={<Trans>Seu perfil público: foto, capa, recado, mural de mensagens e conquistas.</Trans>}
    />
  );
}
