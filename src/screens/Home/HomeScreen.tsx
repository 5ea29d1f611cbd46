import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { notebookThemeClass, paperClass } from '../../styles/notebook.css.ts';
import * as actions from '../static/actions.css.ts';
import * as s from './HomeScreen.css.ts';

/** The landing page: what Cadernos is, the ways in, what it does and how it works. */
export default function HomeScreen() {
  return (
    <div className={s.home}>
      {/* filled after first paint by src/components/announcement/AnnouncementHost.tsx (issue 36) */}
      <div id="cadernos-announcement" data-announcement="announcement.landing" />
      <section className={s.hero} aria-labelledby="home-title">
        <div>
          <p className={s.eyebrow}>
            <Trans>Lembra do caderno de perguntas que passava de mão em mão na escola?</Trans>
          </p>
          <h1 id="home-title" className={s.title}>
            <Trans>
              O caderno de perguntas da escola, agora <span className={s.highlight}>no seu celular</span>
            </Trans>
          </h1>
          <p className={s.lede}>
            <Trans>
              Crie um caderno com as suas perguntas — cor favorita, primeiro crush, a música que não sai da cabeça — e
              convide amigos e família para responder. Do jeitinho que era, só que sem perder o caderno no fundo da
              mochila.
            </Trans>
          </p>
          <div className={actions.row}>
            <Link href="/create" className={actions.primary}>
              <Trans>Criar um caderno</Trans>
            </Link>
            <Link href="/meus-cadernos" className={actions.secondary}>
              <Trans>Meus cadernos</Trans>
            </Link>
            <Link href="/login" className={actions.ghost}>
              <Trans>Entrar</Trans>
            </Link>
          </div>
        </div>
        <NotebookIllustration />
      </section>

      <section className={s.section} aria-labelledby="home-features">
        <h2 id="home-features" className={s.sectionTitle}>
          <Trans>Tudo o que o caderno da escola tinha, e mais um pouco</Trans>
        </h2>
        <p className={s.sectionLede}>
          <Trans>A mesma brincadeira de sempre, com uns truques que o papel não tinha.</Trans>
        </p>
        <ul className={s.features}>
          <Feature icon="eye-off" title={<Trans>Responda no anonimato</Trans>}>
            <Trans>
              Quer responder sem mostrar seu nome? Pode. Os outros participantes não veem quem escreveu; só o dono do
              caderno sabe, como no bilhetinho dobrado que só ele podia abrir.
            </Trans>
          </Feature>
          <Feature icon="wifi-off" title={<Trans>Funciona sem internet</Trans>}>
            <Trans>
              Na escola, na festa ou no sítio sem sinal: crie, responda e leia cadernos offline. Quando a conexão volta,
              tudo sincroniza sozinho.
            </Trans>
          </Feature>
          <Feature icon="link" title={<Trans>Compartilhe por link ou código</Trans>}>
            <Trans>
              Mande o link no grupo da turma ou dite um código curto em voz alta. Quem recebe entra e já começa a
              responder.
            </Trans>
          </Feature>
          <Feature icon="palette" title={<Trans>Do seu jeito</Trans>}>
            <Trans>
              Escolha as cores, o papel (pautado, quadriculado, pontilhado ou kraft) e enfeite a capa com adesivos,
              como você fazia com o caderno de verdade.
            </Trans>
          </Feature>
        </ul>
      </section>

      <section className={s.section} aria-labelledby="home-how">
        <h2 id="home-how" className={s.sectionTitle}>
          <Trans>Como funciona</Trans>
        </h2>
        <p className={s.sectionLede}>
          <Trans>Três passos, e o caderno já está rodando a turma.</Trans>
        </p>
        <ol className={s.steps}>
          <Step number={1} title={<Trans>Crie o seu caderno</Trans>}>
            <Trans>Dê um título, escreva as suas perguntas e escolha cores, papel e capa.</Trans>
          </Step>
          <Step number={2} title={<Trans>Passe adiante</Trans>}>
            <Trans>
              Envie o link ou o código para amigos e família, ou convide quem já tem conta pelo @usuário.
            </Trans>
          </Step>
          <Step number={3} title={<Trans>Leia as respostas</Trans>}>
            <Trans>
              Acompanhe as respostas chegando, aprove antes de publicar se quiser, e guarde o caderno como lembrança.
            </Trans>
          </Step>
        </ol>
      </section>

      <section className={s.closing} aria-labelledby="home-start">
        <h2 id="home-start" className={s.sectionTitle}>
          <Trans>Bora abrir um caderno novo?</Trans>
        </h2>
        <p className={s.closingText}>
          <Trans>Leva um minutinho para criar o primeiro. A saudade, essa vem de brinde.</Trans>
        </p>
        <div className={`${actions.row} ${s.closingActions}`}>
          <Link href="/create" className={actions.primary}>
            <Trans>Criar um caderno</Trans>
          </Link>
          <Link href="/faq" className={s.closingLink}>
            <Trans>Ainda com dúvida? Veja as perguntas frequentes</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}

function Feature({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <li className={s.feature}>
      <span className={s.featureIcon}>
        <Icon name={icon} />
      </span>
      <h3 className={s.featureTitle}>{title}</h3>
      <p className={s.featureText}>{children}</p>
    </li>
  );
}

function Step({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className={s.step}>
      <span className={s.stepNumber} aria-hidden="true">
        {number}
      </span>
      <h3 className={s.stepTitle}>{title}</h3>
      <p className={s.stepText}>{children}</p>
    </li>
  );
}

/** A decorative notebook, open on a page of answers. Hidden from assistive technology. */
function NotebookIllustration() {
  return (
    <div className={s.art} aria-hidden="true">
      <div className={`${notebookThemeClass.pink} ${s.backNotebook}`} />
      <div className={`${notebookThemeClass.purple} ${s.notebook}`}>
        <div className={s.spiral} />
        <div className={`${paperClass['lined-blue']} ${s.page}`}>
          <p className={s.pageTitle}>
            <Trans>Caderno da 8ª B</Trans>
          </p>
          <ul className={s.qa}>
            <li>
              <span className={s.question}>
                <Trans>1. Qual é o seu apelido?</Trans>
              </span>
              <span className={s.answer}>
                <Trans>Juju, desde o prézinho!</Trans>
              </span>
            </li>
            <li>
              <span className={s.question}>
                <Trans>2. Cor favorita?</Trans>
              </span>
              <span className={s.answer}>
                <Trans>Roxo, óbvio.</Trans>
              </span>
            </li>
            <li>
              <span className={s.question}>
                <Trans>3. Quem é o seu crush?</Trans>
              </span>
              <span className={s.answer}>
                <Trans>Segredo… (anônimo)</Trans>
              </span>
            </li>
            <li>
              <span className={s.question}>
                <Trans>4. Um recado pra mim?</Trans>
              </span>
              <span className={s.answer}>
                <Trans>Amiga pra sempre!</Trans>
              </span>
            </li>
          </ul>
        </div>
      </div>
      <Icon name="star" filled className={s.stickerStar} />
      <Icon name="heart" filled className={s.stickerHeart} />
      <Icon name="pencil" className={s.stickerPencil} />
    </div>
  );
}
