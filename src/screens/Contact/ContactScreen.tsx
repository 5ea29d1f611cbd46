import { Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { lazyPart } from '../../components/lazy-part.ts';
import { StaticPage } from '../static/LegalPage.tsx';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../static/contact.ts';
import * as actions from '../static/actions.css.ts';
import * as s from './ContactScreen.css.ts';

/** The form is its own part: the page's text reads (and prerenders) without it, and it brings its own code. */
const ContactForm = lazyPart(() => import('./ContactForm.tsx'));

/** Contact (spec §2, §5, §9): the contact form, the support address and the reply time. */
export default function ContactScreen() {
  const email = SUPPORT_EMAIL;
  return (
    <StaticPage
      eyebrow={<Trans>Manda um bilhetinho</Trans>}
      title={<Trans>Fale com a gente</Trans>}
      lede={
        <Trans>
          Dúvida, problema, sugestão ou só vontade de contar uma história de caderno? A gente lê tudo com carinho.
        </Trans>
      }
    >
      <Suspense fallback={null}>
        <ContactForm />
      </Suspense>

      <div className={s.emailCard}>
        <p className={s.emailLabel}>
          <Trans>Prefere e-mail? Nosso endereço de suporte</Trans>
        </p>
        <p className={s.emailAddress}>{email}</p>
        <p className={s.reply}>
          <Trans>Respondemos em até 24 horas.</Trans>
        </p>
        <div className={actions.row}>
          <a className={actions.primary} href={SUPPORT_MAILTO}>
            <Trans>Escrever um e-mail</Trans>
          </a>
        </div>
      </div>

      <h2>
        <Trans>Para a gente ajudar mais rápido</Trans>
      </h2>
      <ul>
        <li>
          <Trans>conte o que aconteceu e o que você esperava que acontecesse;</Trans>
        </li>
        <li>
          <Trans>informe seu @usuário e, se for sobre um caderno, mande o link dele;</Trans>
        </li>
        <li>
          <Trans>diga qual aparelho e navegador você usa e, se puder, mande um print da tela.</Trans>
        </li>
      </ul>
      <p>
        <Trans>Nunca pedimos a sua senha. Não a envie por e-mail.</Trans>
      </p>

      <h2>
        <Trans>Antes de escrever</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Muitas respostas já estão nas <Link href="/faq">perguntas frequentes</Link>.
          </Trans>
        </li>
        <li>
          <Trans>
            Para denunciar uma pergunta, resposta, recado ou enquete, use o botão de denunciar no próprio conteúdo: é o
            caminho mais rápido.
          </Trans>
        </li>
        <li>
          <Trans>
            Pedidos sobre seus dados pessoais são respondidos em até 15 dias úteis, como explica a{' '}
            <Link href="/privacy">Política de Privacidade</Link>.
          </Trans>
        </li>
      </ul>
    </StaticPage>
  );
}
