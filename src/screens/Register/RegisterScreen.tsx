import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function RegisterScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Criar conta</Trans>}
      description={<Trans>Crie sua conta para montar cadernos de perguntas e responder os dos seus amigos.</Trans>}
    />
  );
}
