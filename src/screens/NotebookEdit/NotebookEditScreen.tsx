import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function NotebookEditScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Editar caderno</Trans>}
      description={<Trans>Perguntas, dicas, capa, aparência, compartilhamento e colaboradores.</Trans>}
    />
  );
}
