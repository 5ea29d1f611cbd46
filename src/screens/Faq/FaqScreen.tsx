import { useEffect, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { StaticPage, type PageSection } from '../static/LegalPage.tsx';
import { chevron } from '../static/prose.css.ts';
import * as s from './FaqScreen.css.ts';
import { useFaqContent } from './useFaqContent.ts';
import type { FaqGroup } from '../../i18n/faq-content.ts';

interface Faq {
  id: string;
  question: ReactNode;
  answer: ReactNode;
}

/** A question that folds open: native details/summary, so keyboard and screen readers work as is. */
function FaqList({ items }: { items: Faq[] }) {
  return (
    <ul className={s.list}>
      {items.map((faq) => (
        <li key={faq.id}>
          <details className={s.item} id={faq.id}>
            <summary className={s.question}>
              <span>{faq.question}</span>
              <span className={chevron} aria-hidden="true" />
            </summary>
            <div className={s.answer}>{faq.answer}</div>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** The admins' FAQ (issue 36): an answer's paragraphs are split at blank lines, its image below. */
function dynamicSections(groups: FaqGroup[]): PageSection[] {
  return groups.map((group, index) => ({
    id: `grupo-${index + 1}`,
    title: group.title,
    content: (
      <FaqList
        items={group.items.map((item) => ({
          id: `p-${item.id.slice(0, 8)}`,
          question: item.question,
          answer: (
            <>
              {item.answer
                .split(/\n\s*\n/)
                .filter((part) => part.trim())
                .map((part, i) => (
                  <p key={i} className={s.paragraph}>
                    {part}
                  </p>
                ))}
              {item.image && <img className={s.image} src={item.image} alt="" loading="lazy" decoding="async" />}
            </>
          ),
        }))}
      />
    ),
  }));
}

/** A link to /faq#question opens that question and scrolls it into view. */
function useOpenLinkedQuestion(ready: unknown) {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
    }
  }, [ready]);
}

export default function FaqScreen() {
  const { i18n } = useLingui();
  // The admins' FAQ when read (or kept from an earlier visit); today's static FAQ otherwise.
  const groups = useFaqContent(i18n.locale);
  useOpenLinkedQuestion(groups);
  const notebooks: Faq[] = [
    {
      id: 'o-que-e',
      question: <Trans>O que é um caderno no Cadernos?</Trans>,
      answer: (
        <p>
          <Trans>
            É a versão digital daquele caderno de perguntas que passava de mão em mão na escola. Você escreve as
            perguntas (apelido, signo, comida favorita, “o que você acha de mim?”), escolhe as cores, o papel e a capa,
            e convida as pessoas para responder. Cada pessoa responde uma vez a cada pergunta e pode editar a resposta
            depois.
          </Trans>
        </p>
      ),
    },
    {
      id: 'quantas-perguntas',
      question: <Trans>Quantas perguntas posso colocar em um caderno?</Trans>,
      answer: (
        <p>
          <Trans>
            Não há um limite fixo, mas recomendamos até 50 perguntas: assim o caderno fica gostoso de responder até o
            fim. Cada pergunta e o título precisam ter pelo menos 3 caracteres.
          </Trans>
        </p>
      ),
    },
    {
      id: 'colaboradores',
      question: <Trans>Posso chamar alguém para cuidar do caderno comigo?</Trans>,
      answer: (
        <p>
          <Trans>
            Pode! Na edição do caderno, convide colaboradores. Um editor pode mudar perguntas e configurações; um
            colaborador pode adicionar perguntas e moderar respostas; quem só visualiza vê as respostas e as
            estatísticas. O convite fica pendente até a pessoa aceitar, e só o dono pode excluir o caderno.
          </Trans>
        </p>
      ),
    },
  ];

  const sharing: Faq[] = [
    {
      id: 'compartilhar',
      question: <Trans>Como compartilho meu caderno?</Trans>,
      answer: (
        <>
          <p>
            <Trans>Abra o caderno e toque em Compartilhar. Você tem três jeitos de chamar a turma:</Trans>
          </p>
          <ul>
            <li>
              <Trans>um link de convite para mandar no grupo;</Trans>
            </li>
            <li>
              <Trans>um código curto, fácil de ditar em voz alta ou escrever na lousa;</Trans>
            </li>
            <li>
              <Trans>um convite direto para quem já tem conta, buscando por @usuário ou nome.</Trans>
            </li>
          </ul>
          <p>
            <Trans>Você pode revogar um link a qualquer momento, e ele deixa de funcionar na hora.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'precisa-conta',
      question: <Trans>Quem vai responder precisa ter conta?</Trans>,
      answer: (
        <p>
          <Trans>
            Sim. Quem abre o link ou digita o código entra na conta (ou cria uma em poucos segundos) e o caderno abre
            em seguida, pronto para responder. Assim cada pessoa tem uma resposta por pergunta e só quem foi convidado
            vê o caderno.
          </Trans>
        </p>
      ),
    },
    {
      id: 'anonimo',
      question: <Trans>Como funcionam as respostas anônimas?</Trans>,
      answer: (
        <p>
          <Trans>
            Ao responder, marque a opção de responder anonimamente. Seu nome fica escondido dos outros participantes e
            dos colaboradores; só o dono do caderno consegue ver quem escreveu, como no bilhetinho dobrado que só ele
            podia abrir. As regras de conteúdo valem do mesmo jeito.
          </Trans>
        </p>
      ),
    },
    {
      id: 'pre-moderacao',
      question: <Trans>O que é a pré-moderação?</Trans>,
      answer: (
        <p>
          <Trans>
            É uma opção do dono do caderno. Com ela ligada, cada resposta nova ou editada fica aguardando aprovação e só
            aparece para os outros depois de aprovada. O dono (ou um colaborador) pode aprovar ou rejeitar; quem teve a
            resposta rejeitada pode corrigi-la e enviar de novo.
          </Trans>
        </p>
      ),
    },
  ];

  const app: Faq[] = [
    {
      id: 'offline',
      question: <Trans>O Cadernos funciona sem internet?</Trans>,
      answer: (
        <p>
          <Trans>
            Funciona! Depois do primeiro acesso, dá para abrir o app, ler, criar e responder cadernos mesmo sem sinal,
            na escola, na festa ou na viagem. Tudo fica guardado no seu aparelho, e um aviso mostra quando você está
            offline. Quando a conexão volta, as mudanças são sincronizadas sozinhas, sem perder nada do que você
            escreveu.
          </Trans>
        </p>
      ),
    },
    {
      id: 'instalar',
      question: <Trans>Como instalo o Cadernos no celular?</Trans>,
      answer: (
        <>
          <p>
            <Trans>Não precisa de loja de aplicativos:</Trans>
          </p>
          <ul>
            <li>
              <Trans>
                No Android (Chrome): toque em Instalar quando o convite aparecer, ou abra o menu de três pontinhos{' '}
                <Icon name="more-vertical" /> e escolha Instalar app.
              </Trans>
            </li>
            <li>
              <Trans>No iPhone (Safari): toque em Compartilhar e depois em Adicionar à Tela de Início.</Trans>
            </li>
            <li>
              <Trans>No computador: use o ícone de instalar na barra de endereço do navegador.</Trans>
            </li>
          </ul>
          <p>
            <Trans>Quando sai uma versão nova, o app avisa e atualiza com um toque.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'idiomas',
      question: <Trans>Em quais idiomas o Cadernos está disponível?</Trans>,
      answer: (
        <p>
          <Trans>
            Em português do Brasil e em inglês. Troque pelo seletor de idioma no topo da página; o Cadernos lembra a
            sua escolha. Os endereços em inglês começam com /en, então dá para mandar um link já no idioma certo.
          </Trans>
        </p>
      ),
    },
  ];

  const account: Faq[] = [
    {
      id: 'idade',
      question: <Trans>Qual é a idade mínima para usar?</Trans>,
      answer: (
        <p>
          <Trans>
            13 anos. Quem tem entre 13 e 17 anos precisa usar o Cadernos com a supervisão de um dos pais ou responsável.
            Veja os <Link href="/terms">Termos de Uso</Link>.
          </Trans>
        </p>
      ),
    },
    {
      id: 'denunciar',
      question: <Trans>Vi algo ofensivo. Como denuncio?</Trans>,
      answer: (
        <p>
          <Trans>
            Use o botão de denunciar na pergunta, na resposta, no recado do mural ou na enquete. Dizer o motivo é
            opcional. Nossa equipe analisa cada denúncia, e a pessoa denunciada não sabe quem denunciou. Se o caderno
            for seu, você também pode bloquear perguntas e rejeitar respostas.
          </Trans>
        </p>
      ),
    },
    {
      id: 'excluir-conta',
      question: <Trans>Como excluo minha conta?</Trans>,
      answer: (
        <p>
          <Trans>
            Nas configurações da sua conta. A exclusão remove seu perfil, seus cadernos e suas respostas e não pode ser
            desfeita. Só guardamos o que a lei exige, como registros de segurança por até 1 ano. Detalhes na{' '}
            <Link href="/privacy">Política de Privacidade</Link>.
          </Trans>
        </p>
      ),
    },
    {
      id: 'esqueci-senha',
      question: <Trans>Esqueci minha senha. E agora?</Trans>,
      answer: (
        <p>
          <Trans>
            Na tela de entrar, toque em Esqueci minha senha e informe seu e-mail. Você recebe um link para criar uma
            senha nova.
          </Trans>
        </p>
      ),
    },
  ];

  const sections: PageSection[] = groups ? dynamicSections(groups) : [
    { id: 'cadernos', title: <Trans>Cadernos</Trans>, content: <FaqList items={notebooks} /> },
    { id: 'compartilhar-e-responder', title: <Trans>Compartilhar e responder</Trans>, content: <FaqList items={sharing} /> },
    { id: 'app-e-offline', title: <Trans>App e uso offline</Trans>, content: <FaqList items={app} /> },
    { id: 'conta-e-seguranca', title: <Trans>Conta e segurança</Trans>, content: <FaqList items={account} /> },
  ];

  return (
    <StaticPage
      eyebrow={<Trans>Pergunta boa a gente responde</Trans>}
      title={<Trans context="page title">Perguntas frequentes</Trans>}
      lede={<Trans>As dúvidas que mais aparecem por aqui, respondidas sem enrolação. Toque numa pergunta para abrir.</Trans>}
      sections={sections}
      footer={
        <p>
          <Trans>
            Não achou o que procurava? <Link href="/contato">Fale com a gente</Link> — respondemos em até 24 horas.
          </Trans>
        </p>
      }
    />
  );
}
