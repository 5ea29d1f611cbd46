import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { MoreHelp, StaticPage, type PageSection } from '../static/LegalPage.tsx';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../static/contact.ts';

/** Privacy policy under the LGPD, with the retention and response figures of spec §9. */
export default function PrivacyScreen() {
  const email = SUPPORT_EMAIL;

  const sections: PageSection[] = [
    {
      id: 'quem-somos',
      title: <Trans>1. Sobre esta política</Trans>,
      content: (
        <p>
          <Trans>
            Esta política explica quais dados pessoais o Cadernos trata, para quê, com quem compartilha e como você
            pode exercer os seus direitos, de acordo com a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).
            O Cadernos é o controlador desses dados.
          </Trans>
        </p>
      ),
    },
    {
      id: 'dados',
      title: <Trans>2. Dados que coletamos</Trans>,
      content: (
        <>
          <h3>
            <Trans>Conta</Trans>
          </h3>
          <p>
            <Trans>
              E-mail, nome de usuário e senha. A senha é guardada apenas de forma criptografada (hash); ninguém da
              equipe consegue lê-la.
            </Trans>
          </p>
          <h3>
            <Trans>Perfil</Trans>
          </h3>
          <p>
            <Trans>
              Nome de exibição, foto de perfil, capa, bio, frase de status e as suas escolhas de visibilidade (perfil
              público ou privado, quem vê suas conexões). Também o que você publica no perfil: recados do mural,
              enquete e conquistas.
            </Trans>
          </p>
          <h3>
            <Trans>Cadernos e respostas</Trans>
          </h3>
          <p>
            <Trans>
              Os cadernos que você cria (título, descrição, perguntas, tema, papel e capa), com quem você os
              compartilha, os colaboradores, as respostas que você escreve (incluindo se foram anônimas), o status de
              moderação, as notificações e as denúncias que você envia.
            </Trans>
          </p>
          <h3>
            <Trans>Dados técnicos e de segurança</Trans>
          </h3>
          <p>
            <Trans>
              Endereço IP, data e hora de acesso, tipo de aparelho e navegador, e registros de login, para proteger
              sua conta e cumprir o Marco Civil da Internet.
            </Trans>
          </p>
          <h3>
            <Trans>Armazenamento no seu aparelho</Trans>
          </h3>
          <p>
            <Trans>
              Para funcionar sem internet, o Cadernos guarda no seu próprio aparelho, num banco de dados local
              (IndexedDB), uma cópia dos cadernos, perguntas e respostas a que você tem acesso, além do que você fez
              offline e ainda não foi sincronizado. Também guardamos localmente sua sessão de login e suas preferências
              de tema, idioma e cookies. A cópia dos cadernos é apagada quando você sai da conta; as preferências
              ficam até você limpar os dados do site no navegador.
            </Trans>
          </p>
          <h3>
            <Trans>Cookies e estatísticas de uso</Trans>
          </h3>
          <p>
            <Trans>
              Estatísticas de uso (páginas visitadas e ações como criar ou compartilhar um caderno) só são coletadas
              se você aceitar os cookies de análise. O mesmo vale para cookies funcionais e de marketing. Os detalhes
              estão na <Link href="/cookies">Política de Cookies</Link>.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'finalidades',
      title: <Trans>3. Para que usamos os dados</Trans>,
      content: (
        <ul>
          <li>
            <Trans>criar e manter sua conta e deixar você entrar com segurança;</Trans>
          </li>
          <li>
            <Trans>
              guardar, sincronizar e mostrar seus cadernos e respostas para as pessoas com quem você compartilhou;
            </Trans>
          </li>
          <li>
            <Trans>enviar notificações sobre novas respostas, convites e pedidos de conexão;</Trans>
          </li>
          <li>
            <Trans>aplicar as regras de conteúdo, analisar denúncias e prevenir fraudes e abusos;</Trans>
          </li>
          <li>
            <Trans>responder às suas mensagens de suporte;</Trans>
          </li>
          <li>
            <Trans>entender, com o seu consentimento, como o Cadernos é usado, para melhorá-lo;</Trans>
          </li>
          <li>
            <Trans>cumprir obrigações legais e ordens de autoridades.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'bases-legais',
      title: <Trans>4. Bases legais (LGPD)</Trans>,
      content: (
        <>
          <ul>
            <li>
              <Trans>
                <strong>Execução de contrato</strong> (art. 7º, V): para oferecer o que você pede ao usar o
                Cadernos — conta, cadernos, respostas, compartilhamento e sincronização.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Legítimo interesse</strong> (art. 7º, IX): para manter o serviço seguro, prevenir abusos e
                analisar denúncias, sempre respeitando seus direitos e expectativas.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Consentimento</strong> (art. 7º, I): para cookies funcionais, de análise e de marketing. Você
                pode retirar o consentimento quando quiser.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Cumprimento de obrigação legal</strong> (art. 7º, II): por exemplo, guardar registros de
                acesso exigidos pelo Marco Civil da Internet.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>
              Dados de adolescentes são tratados sempre no seu melhor interesse, como pede o art. 14 da LGPD.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'compartilhamento',
      title: <Trans>5. Com quem compartilhamos</Trans>,
      content: (
        <>
          <p>
            <Trans>
              <strong>Não vendemos seus dados.</strong> Eles são compartilhados apenas:
            </Trans>
          </p>
          <ul>
            <li>
              <Trans>
                dentro do Cadernos, com as pessoas que você escolher: quem tem acesso a um caderno vê as perguntas e
                as respostas aprovadas; seu perfil público é visto por quem o visitar;
              </Trans>
            </li>
            <li>
              <Trans>
                em respostas anônimas, sua identidade é mostrada somente ao dono do caderno, nunca aos outros
                participantes ou colaboradores;
              </Trans>
            </li>
            <li>
              <Trans>
                com fornecedores que nos ajudam a operar o serviço (hospedagem, banco de dados, armazenamento de
                arquivos, envio de e-mails e, com seu consentimento, estatísticas de uso), que só podem usar os dados
                para nos prestar esse serviço;
              </Trans>
            </li>
            <li>
              <Trans>com autoridades, quando a lei ou uma ordem judicial exigir.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              Alguns fornecedores podem guardar dados fora do Brasil. Nesses casos, usamos as garantias previstas na
              LGPD para transferências internacionais.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'retencao',
      title: <Trans>6. Por quanto tempo guardamos</Trans>,
      content: (
        <>
          <ul>
            <li>
              <Trans>Enquanto sua conta estiver ativa, guardamos os dados necessários para o serviço funcionar.</Trans>
            </li>
            <li>
              <Trans>
                <strong>Contas inativas são excluídas depois de 2 anos</strong> sem acesso, com os dados ligados a
                elas.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Registros de segurança são guardados por até 1 ano</strong> e depois apagados.
              </Trans>
            </li>
            <li>
              <Trans>
                Quando você exclui sua conta, removemos seus dados, exceto o que a lei nos obriga a guardar pelos
                prazos acima (veja abaixo o que fica e por quê).
              </Trans>
            </li>
            <li>
              <Trans>
                A cópia offline no seu aparelho fica lá até você sair da conta ou limpar os dados do site no navegador.
              </Trans>
            </li>
          </ul>
          <h3 id="excluir-conta">
            <Trans>Quando você exclui sua conta</Trans>
          </h3>
          <p>
            <Trans>
              <strong>Removemos na hora:</strong> seus cadernos (com as perguntas e todas as respostas deles), suas
              respostas nos cadernos de outras pessoas (também as anônimas), as respostas de festa que você assumiu
              como suas, os arquivos da sua foto de perfil e da sua capa, suas configurações (inclusive o nome de
              autor dos cadernos), sua data de nascimento e o e-mail do responsável, seus favoritos, bloqueios,
              notificações e conquistas, as notificações que falavam de você a outras pessoas, e o seu acesso:
              e-mail, senha e todas as sessões. Você sai de todos os aparelhos.
            </Trans>
          </p>
          <p>
            <Trans>
              <strong>Fica uma conta removida, sem nada seu:</strong> o perfil passa a se chamar “removido_…”, sem
              nome, foto, bio ou status, e não aparece em buscas. Ele existe porque o que você fez nos cadernos de
              outras pessoas é conteúdo desses cadernos: perguntas que você escreveu como editor, convites que enviou,
              respostas que moderou e pessoas que removeu continuam lá e passam a mostrar a conta removida, não você.
              O identificador da conta fica bloqueado para nunca ser dado a outra pessoa.
            </Trans>
          </p>
          <p>
            <Trans>
              As respostas dos convidados de uma festa que você conduziu no caderno de outra pessoa são dos
              convidados: continuam no caderno, sem você como anfitrião.
            </Trans>
          </p>
          <p>
            <Trans>
              Guardamos ainda registros técnicos de sincronização, só com identificadores e sem conteúdo: por eles, os
              aparelhos das outras pessoas apagam suas respostas, seus cadernos e seu nome na próxima sincronização.
              As marcas de exclusão são apagadas depois de 30 dias.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'direitos',
      title: <Trans>7. Seus direitos</Trans>,
      content: (
        <>
          <p>
            <Trans>Pela LGPD (art. 18), você pode a qualquer momento:</Trans>
          </p>
          <ul>
            <li>
              <Trans>confirmar se tratamos seus dados e acessá-los;</Trans>
            </li>
            <li>
              <Trans>corrigir dados incompletos, inexatos ou desatualizados;</Trans>
            </li>
            <li>
              <Trans>pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou excessivos;</Trans>
            </li>
            <li>
              <Trans>pedir a portabilidade dos seus dados;</Trans>
            </li>
            <li>
              <Trans>saber com quem compartilhamos seus dados;</Trans>
            </li>
            <li>
              <Trans>retirar o consentimento e pedir a eliminação dos dados tratados com base nele;</Trans>
            </li>
            <li>
              <Trans>se opor a um tratamento e pedir a revisão de decisões automatizadas.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              Muita coisa você resolve sozinho nas configurações: editar o perfil, mudar a visibilidade, trocar suas
              escolhas de cookies ou excluir a conta. Para os outros pedidos, escreva para{' '}
              <a href={SUPPORT_MAILTO}>{email}</a>. <strong>Respondemos pedidos de privacidade em até 15 dias
              úteis.</strong>
            </Trans>
          </p>
          <p>
            <Trans>
              Você também pode apresentar uma reclamação à Autoridade Nacional de Proteção de Dados (ANPD).
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'seguranca',
      title: <Trans>8. Segurança</Trans>,
      content: (
        <p>
          <Trans>
            Usamos conexões criptografadas (HTTPS), senhas guardadas só como hash, controle de acesso em cada
            caderno e registros de segurança. Nenhum sistema é 100% seguro; se acontecer um incidente que possa te
            afetar, avisaremos você e a ANPD como manda a lei. Proteja também sua parte: use uma senha forte e não a
            compartilhe.
          </Trans>
        </p>
      ),
    },
    {
      id: 'criancas',
      title: <Trans>9. Crianças e adolescentes</Trans>,
      content: (
        <p>
          <Trans>
            O Cadernos é para pessoas com 13 anos ou mais. Adolescentes de 13 a 17 anos devem usar o serviço com a
            supervisão dos pais ou responsáveis, que podem nos escrever para acessar, corrigir ou excluir os dados do
            adolescente. Se descobrirmos que uma conta pertence a alguém com menos de 13 anos, excluímos a conta e os
            dados.
          </Trans>
        </p>
      ),
    },
    {
      id: 'alteracoes',
      title: <Trans>10. Alterações nesta política</Trans>,
      content: (
        <p>
          <Trans>
            Mudanças nesta política são avisadas no aplicativo e por e-mail com pelo menos 30 dias de antecedência.
            Nenhuma mudança reduz seus direitos sem o seu consentimento.
          </Trans>
        </p>
      ),
    },
    {
      id: 'contato',
      title: <Trans>11. Contato</Trans>,
      content: (
        <p>
          <Trans>
            Para falar sobre privacidade ou com o nosso encarregado de dados, escreva para{' '}
            <a href={SUPPORT_MAILTO}>{email}</a> ou use a página <Link href="/contato">Contato</Link>.
          </Trans>
        </p>
      ),
    },
  ];

  return (
    <StaticPage
      eyebrow={<Trans>Segredo de caderno</Trans>}
      title={<Trans>Política de Privacidade</Trans>}
      meta={<Trans>Em vigor desde 15/08/2025</Trans>}
      lede={
        <Trans>
          Seus cadernos guardam lembranças e segredos. Aqui explicamos, sem juridiquês, o que fazemos com os seus dados
          — e o que nunca fazemos.
        </Trans>
      }
      sections={sections}
      toc
      footer={<MoreHelp />}
    />
  );
}
