import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder.tsx';

export default function AdminScreen() {
  return (
    <ScreenPlaceholder
      title={<Trans>Painel de administração</Trans>}
      description={<Trans>Itens sazonais, análises, denúncias, estilos, figurinhas, temas, conquistas, usuários e palavras proibidas.</Trans>}
    />
  );
}
