import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function ForgotPasswordScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Esqueci minha senha</Trans>}
      description={<Trans>Informe seu e-mail e enviaremos um link para você criar uma nova senha.</Trans>}
    />
  );
}
