import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function NotebookViewScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Caderno</Trans>}
      description={<Trans>Leia as perguntas, responda página por página e veja as respostas.</Trans>}
    />
  );
}
