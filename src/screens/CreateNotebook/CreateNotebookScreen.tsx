import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function CreateNotebookScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Criar caderno</Trans>}
      description={<Trans>Dê um título, escolha as cores e a capa, e veja como o caderno vai ficar.</Trans>}
    />
  );
}
