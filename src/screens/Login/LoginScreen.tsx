import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function LoginScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Entrar</Trans>}
      description={<Trans>Entre com seu e-mail e senha para ver seus cadernos, mesmo sem internet depois.</Trans>}
    />
  );
}
