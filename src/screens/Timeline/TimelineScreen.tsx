import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function TimelineScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Novidades</Trans>}
      description={<Trans>As novidades dos seus amigos e dos cadernos de que você participa.</Trans>}
    />
  );
}
