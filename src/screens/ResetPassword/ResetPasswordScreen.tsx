import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function ResetPasswordScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Nova senha</Trans>}
      description={<Trans>Escolha uma nova senha para a sua conta.</Trans>}
    />
  );
}
