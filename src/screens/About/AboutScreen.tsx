import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { StaticPage, type PageSection } from '../static/LegalPage.tsx';
import * as actions from '../static/actions.css.ts';
import { callout } from '../static/prose.css.ts';

/** About: where the idea comes from, what the product does and what it stands for. */
export default function AboutScreen() {
  const sections: PageSection[] = [
    {
      id: 'de-onde-veio',
      title: <Trans>De onde veio a ideia</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Quem estudou no Brasil nos anos 80, 90 ou 2000 provavelmente lembra: um dia alguém aparecia com um caderno
              cheio de perguntas — nome, apelido, signo, cor favorita, “quem é o seu crush?” — e ele passava de carteira
              em carteira. Cada colega respondia numa página, com caneta colorida, adesivo e coração no pingo do i.
            </Trans>
          </p>
          <p>
            <Trans>
              Aqueles cadernos guardavam um retrato da turma num momento da vida. Muita gente ainda tem o seu guardado
              numa caixa, e dá risada ao reler as respostas anos depois.
            </Trans>
          </p>
          <p>
            <Trans>
              O Cadernos leva essa brincadeira para o celular sem perder o charme do papel pautado e da letra de mão:
              agora o caderno chega a quem mora longe, não se perde no fundo da mochila e nunca fica com aquela página
              arrancada.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'o-que-da-para-fazer',
      title: <Trans>O que dá para fazer aqui</Trans>,
      content: (
        <ul>
          <li>
            <Trans>criar cadernos com as suas próprias perguntas e deixá-los com a sua cara: cores, papel, capa e adesivos;</Trans>
          </li>
          <li>
            <Trans>compartilhar por link, por um código curto ou convidando quem já tem conta;</Trans>
          </li>
          <li>
            <Trans>responder com seu nome ou de forma anônima;</Trans>
          </li>
          <li>
            <Trans>aprovar as respostas antes que apareçam, se você preferir;</Trans>
          </li>
          <li>
            <Trans>chamar colaboradores para cuidar do caderno com você;</Trans>
          </li>
          <li>
            <Trans>ter um perfil com mural de recados, enquete e conquistas, e fazer amizades pelos cadernos que você responde.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'no-que-acreditamos',
      title: <Trans>No que acreditamos</Trans>,
      content: (
        <>
          <h3>
            <Trans>Gentileza em primeiro lugar</Trans>
          </h3>
          <p>
            <Trans>
              Caderno de perguntas é para lembrança boa, não para bullying. Por isso temos palavras proibidas,
              pré-moderação para quem quiser, denúncias analisadas por pessoas de verdade e idade mínima de 13 anos.
            </Trans>
          </p>
          <h3>
            <Trans>Segredo é segredo</Trans>
          </h3>
          <p>
            <Trans>
              Numa resposta anônima, só o dono do caderno sabe quem escreveu. Não vendemos seus dados, e estatísticas de
              uso só com a sua permissão.
            </Trans>
          </p>
          <h3>
            <Trans>Funciona onde a turma está</Trans>
          </h3>
          <p>
            <Trans>
              Na sala de aula com Wi-Fi ruim, na festa de aniversário ou no sítio sem sinal: o Cadernos funciona offline
              e sincroniza quando a internet volta. Dá para instalar no celular como um aplicativo.
            </Trans>
          </p>
          <h3>
            <Trans>Para todo mundo</Trans>
          </h3>
          <p>
            <Trans>
              Em português e em inglês, com tema claro ou escuro e cuidado com acessibilidade, para que a família
              inteira consiga participar, do sobrinho à avó.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'quem-faz',
      title: <Trans>Quem faz o Cadernos</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Uma equipe pequena, apaixonada por papelaria, escola e boas conversas. Cada novidade passa pela mesma
              pergunta: isso deixa o caderno da turma mais divertido e mais seguro?
            </Trans>
          </p>
          <div className={callout}>
            <p>
              <Trans>
                Tem uma ideia, achou um problema ou quer contar a história do seu caderno? Veja as{' '}
                <Link href="/faq">perguntas frequentes</Link> ou <Link href="/contato">fale com a gente</Link>. E, para
                saber as regras do jogo, leia os <Link href="/terms">Termos de Uso</Link> e a{' '}
                <Link href="/privacy">Política de Privacidade</Link>.
              </Trans>
            </p>
          </div>
        </>
      ),
    },
  ];

  return (
    <StaticPage
      eyebrow={<Trans>Uma saudade em forma de app</Trans>}
      title={<Trans>Sobre o Cadernos</Trans>}
      lede={
        <Trans>
          O Cadernos nasceu de uma lembrança: os cadernos de perguntas que passavam de mão em mão na escola, cheios de
          respostas, rabiscos e segredos.
        </Trans>
      }
      sections={sections}
      footer={
        <div className={actions.row}>
          <Link href="/create" className={actions.primary}>
            <Trans>Criar meu caderno</Trans>
          </Link>
        </div>
      }
    />
  );
}
