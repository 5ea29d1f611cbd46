import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function InviteScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Convite para um caderno</Trans>}
      description={<Trans>Entre na sua conta, aceite o convite e abra o caderno.</Trans>}
    />
  );
}
