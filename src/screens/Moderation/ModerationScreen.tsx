import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function ModerationScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Moderar respostas</Trans>}
      description={<Trans>Respostas pendentes, aprovadas e rejeitadas deste caderno.</Trans>}
    />
  );
}
