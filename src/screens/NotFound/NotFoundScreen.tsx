import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { button, page } from '../../components/ui.css.ts';
import * as s from './NotFoundScreen.css.ts';

export default function NotFoundScreen() {
  return (
    <div className={page} data-testid="not-found">
      <p className={s.code} aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Página não encontrada</Trans>
      </h1>
      <p>
        <Trans>Esta página foi arrancada do caderno — ou nunca existiu. Confira o endereço ou volte para o início.</Trans>
      </p>
      <Link href="/" className={button.primary}>
        <Trans>Voltar para o início</Trans>
      </Link>
    </div>
  );
}
