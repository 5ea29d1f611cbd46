import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { MoreHelp, StaticPage, type PageSection } from '../static/LegalPage.tsx';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../static/contact.ts';

/** Terms of use (spec §1, §9): effective 15/08/2025, minimum age 13, under-18s supervised. */
export default function TermsScreen() {
  const email = SUPPORT_EMAIL;

  const sections: PageSection[] = [
    {
      id: 'aceitacao',
      title: <Trans>1. Aceitação dos termos</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Estes Termos de Uso explicam as regras para usar o Cadernos, o aplicativo de cadernos de perguntas que
              você cria e compartilha com amigos e família. Ao criar uma conta ou usar o Cadernos, você concorda com
              estes termos e com a nossa <Link href="/privacy">Política de Privacidade</Link>.
            </Trans>
          </p>
          <p>
            <Trans>Se você não concordar com alguma parte, por favor não use o serviço.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'idade',
      title: <Trans>2. Quem pode usar</Trans>,
      content: (
        <>
          <p>
            <Trans>
              O Cadernos é para pessoas com <strong>13 anos ou mais</strong>. Se você tem menos de 13 anos, não crie
              uma conta.
            </Trans>
          </p>
          <p>
            <Trans>
              Se você tem entre 13 e 17 anos, só pode usar o Cadernos com a supervisão de um dos pais ou responsável
              legal, que deve ler estes termos com você. Ao permitir o uso, o responsável concorda com estes termos
              em nome do adolescente.
            </Trans>
          </p>
          <p>
            <Trans>
              Se soubermos que uma conta pertence a alguém com menos de 13 anos, ela será encerrada e os dados
              apagados.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'conta',
      title: <Trans>3. Sua conta</Trans>,
      content: (
        <ul>
          <li>
            <Trans>Use informações verdadeiras no cadastro e mantenha seu e-mail atualizado.</Trans>
          </li>
          <li>
            <Trans>
              Cada conta é pessoal. Guarde sua senha em segredo: você responde pelo que for feito com a sua conta.
            </Trans>
          </li>
          <li>
            <Trans>
              O nome de usuário tem de 3 a 20 caracteres (letras, números, _ ou -) e não pode conter palavras
              proibidas nem se passar por outra pessoa.
            </Trans>
          </li>
          <li>
            <Trans>Se perceber qualquer uso estranho da sua conta, troque a senha e avise a gente.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'conteudo',
      title: <Trans>4. Seus cadernos e respostas</Trans>,
      content: (
        <>
          <p>
            <Trans>
              O que você escreve continua sendo seu. Para que o Cadernos funcione, você nos dá permissão para
              guardar, copiar para os seus aparelhos, sincronizar e mostrar esse conteúdo às pessoas com quem você
              compartilhou, apenas para operar o serviço.
            </Trans>
          </p>
          <p>
            <Trans>
              Quem cria um caderno é o dono dele: decide as perguntas, com quem compartilha, quem colabora e quais
              respostas aparecem. Ao responder o caderno de outra pessoa, você aceita que o dono e as pessoas com
              acesso ao caderno leiam a sua resposta.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'regras',
      title: <Trans>5. Regras de conteúdo</Trans>,
      content: (
        <>
          <p>
            <Trans>O Cadernos é um lugar para lembranças boas. Não é permitido publicar:</Trans>
          </p>
          <ul>
            <li>
              <Trans>bullying, assédio, ameaças ou humilhação de qualquer pessoa;</Trans>
            </li>
            <li>
              <Trans>
                discurso de ódio ou discriminação por raça, cor, etnia, religião, gênero, orientação sexual,
                deficiência ou origem;
              </Trans>
            </li>
            <li>
              <Trans>conteúdo sexual, violento ou que incentive automutilação, drogas ou crimes;</Trans>
            </li>
            <li>
              <Trans>
                dados pessoais de outras pessoas sem autorização, como endereço, telefone, documentos ou fotos;
              </Trans>
            </li>
            <li>
              <Trans>spam, golpes, propaganda não autorizada ou tentativa de se passar por outra pessoa;</Trans>
            </li>
            <li>
              <Trans>conteúdo que viole direitos autorais ou a lei brasileira.</Trans>
            </li>
          </ul>
          <h3>
            <Trans>Palavras proibidas</Trans>
          </h3>
          <p>
            <Trans>
              Mantemos uma lista de palavras proibidas. Títulos, perguntas, respostas, campos do perfil, recados e
              enquetes que contenham essas palavras não são salvos, e mostramos quais palavras precisam ser
              retiradas.
            </Trans>
          </p>
          <h3>
            <Trans>Moderação</Trans>
          </h3>
          <p>
            <Trans>
              O dono de um caderno pode ligar a pré-moderação: assim, cada resposta nova ou editada só aparece depois
              de aprovada por ele ou por um colaborador. O dono também pode bloquear perguntas e rejeitar respostas.
              A equipe do Cadernos analisa denúncias e pode remover qualquer conteúdo que viole estes termos.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'anonimas',
      title: <Trans>6. Respostas anônimas</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Você pode responder um caderno de forma anônima. Nesse caso, seu nome não aparece para os outros
              participantes nem para os colaboradores: <strong>a sua identidade fica visível apenas para o dono do
              caderno</strong>.
            </Trans>
          </p>
          <p>
            <Trans>
              O anonimato não é permissão para desrespeitar ninguém. A resposta continua ligada à sua conta nos
              nossos sistemas, e as regras de conteúdo valem do mesmo jeito.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'denuncias',
      title: <Trans>7. Denúncias</Trans>,
      content: (
        <p>
          <Trans>
            Viu algo que não deveria estar aqui? Use o botão de denunciar em perguntas, respostas, recados do mural
            ou enquetes de perfil. Informar o motivo é opcional, mas ajuda. Cada denúncia é analisada pela nossa
            equipe, e a pessoa denunciada não fica sabendo quem denunciou.
          </Trans>
        </p>
      ),
    },
    {
      id: 'banimento',
      title: <Trans>8. Suspensão e banimento</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Se uma conta violar estes termos, podemos remover o conteúdo, limitar recursos ou banir a conta, de
              acordo com a gravidade e a repetição. Violações graves, como as que colocam menores em risco, levam ao
              banimento imediato e, quando a lei exige, à comunicação às autoridades.
            </Trans>
          </p>
          <p>
            <Trans>
              Uma conta banida é desconectada e não consegue mais entrar. Se você acha que foi um engano, escreva
              para <a href={SUPPORT_MAILTO}>{email}</a> e vamos revisar o caso.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'encerramento',
      title: <Trans>9. Encerramento da conta</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Você pode excluir sua conta a qualquer momento nas configurações. Com a exclusão, seu perfil, seus
              cadernos e suas respostas são removidos, salvo o que a lei nos obriga a guardar, como explicado na{' '}
              <Link href="/privacy">Política de Privacidade</Link>.
            </Trans>
          </p>
          <p>
            <Trans>
              Também podemos encerrar contas que violem estes termos ou que fiquem inativas por mais de 2 anos.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'servico',
      title: <Trans>10. Funcionamento do serviço</Trans>,
      content: (
        <p>
          <Trans>
            O Cadernos funciona também sem internet: o que você faz offline fica guardado no seu aparelho e é
            sincronizado quando a conexão volta. Trabalhamos para que o serviço esteja sempre disponível, mas ele pode
            passar por manutenções, falhas ou mudanças de recursos. Recomendamos não usar o Cadernos como único lugar
            para guardar algo muito importante.
          </Trans>
        </p>
      ),
    },
    {
      id: 'responsabilidade',
      title: <Trans>11. Limitação de responsabilidade</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Cada pessoa é responsável pelo que escreve. O Cadernos não revisa o conteúdo antes de ele ser publicado,
              a não ser pela lista de palavras proibidas e pela moderação que o próprio dono do caderno escolher.
            </Trans>
          </p>
          <p>
            <Trans>
              Na medida permitida pela lei, o serviço é oferecido como está, e não respondemos por perdas causadas
              por conteúdo de outros usuários, por mau uso da conta ou por falhas fora do nosso controle. Nada nestes
              termos limita direitos que o Código de Defesa do Consumidor garante a você.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'alteracoes',
      title: <Trans>12. Alterações nestes termos</Trans>,
      content: (
        <p>
          <Trans>
            Quando mudarmos estes termos, avisaremos no aplicativo e por e-mail com pelo menos 30 dias de
            antecedência. Se você continuar usando o Cadernos depois que a mudança entrar em vigor, estará de acordo
            com a nova versão.
          </Trans>
        </p>
      ),
    },
    {
      id: 'lei',
      title: <Trans>13. Lei aplicável</Trans>,
      content: (
        <p>
          <Trans>
            Estes termos seguem as leis do Brasil, incluindo o Marco Civil da Internet, a Lei Geral de Proteção de
            Dados (LGPD) e o Estatuto da Criança e do Adolescente.
          </Trans>
        </p>
      ),
    },
    {
      id: 'contato',
      title: <Trans>14. Contato</Trans>,
      content: (
        <p>
          <Trans>
            Dúvidas sobre estes termos? Escreva para <a href={SUPPORT_MAILTO}>{email}</a> ou use a página{' '}
            <Link href="/contato">Contato</Link>. Respondemos em até 24 horas.
          </Trans>
        </p>
      ),
    },
  ];

  return (
    <StaticPage
      eyebrow={<Trans>As regras do recreio</Trans>}
      title={<Trans>Termos de Uso</Trans>}
      meta={<Trans>Em vigor desde 15/08/2025</Trans>}
      lede={
        <Trans>
          Combinados simples para que o Cadernos continue sendo um lugar gostoso, seguro e respeitoso para todo mundo.
        </Trans>
      }
      sections={sections}
      toc
      footer={<MoreHelp />}
    />
  );
}
