import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LANGUAGE_STORAGE_KEY } from '../../locale/locales.ts';
import { CONSENT_STORAGE_KEY, readConsent, useConsentStore, type CookiePreferences } from '../../state/consent.ts';
import { THEME_STORAGE_KEY } from '../../state/theme.ts';
import { MoreHelp, StaticPage, type PageSection } from '../static/LegalPage.tsx';
import * as actions from '../static/actions.css.ts';
import * as s from './CookiesScreen.css.ts';

/** Cookie policy: the four categories of spec §3/§9, what we store locally, and how to change the choice. */
export default function CookiesScreen() {
  const sections: PageSection[] = [
    {
      id: 'o-que-sao',
      title: <Trans>O que são cookies e armazenamento local</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Cookies são pequenos arquivos que um site guarda no seu navegador. O Cadernos usa principalmente o
              armazenamento local do navegador (localStorage e IndexedDB), que funciona de forma parecida: guarda
              informações no seu aparelho para o aplicativo lembrar de você e funcionar até sem internet.
            </Trans>
          </p>
          <p>
            <Trans>
              Nesta página, chamamos tudo isso simplesmente de “cookies”. As mesmas regras de consentimento valem para
              todos.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'categorias',
      title: <Trans>As quatro categorias</Trans>,
      content: <Categories />,
    },
    {
      id: 'no-seu-aparelho',
      title: <Trans>O que guardamos no seu aparelho</Trans>,
      content: <StoredItems />,
    },
    {
      id: 'mudar-escolha',
      title: <Trans>Como mudar sua escolha</Trans>,
      content: <ChangeChoice />,
    },
    {
      id: 'mais',
      title: <Trans>Mais informações</Trans>,
      content: (
        <p>
          <Trans>
            Para saber como tratamos seus dados pessoais, leia a <Link href="/privacy">Política de Privacidade</Link>.
            Mudanças nesta política são avisadas com pelo menos 30 dias de antecedência.
          </Trans>
        </p>
      ),
    },
  ];

  return (
    <StaticPage
      eyebrow={<Trans>Nada de biscoito escondido na mochila</Trans>}
      title={<Trans>Política de Cookies</Trans>}
      meta={<Trans>Em vigor desde 15/08/2025</Trans>}
      lede={
        <Trans>
          Só guardamos no seu aparelho o que o Cadernos precisa para funcionar. Todo o resto depende da sua
          permissão, e você pode mudar de ideia quando quiser.
        </Trans>
      }
      sections={sections}
      toc
      footer={<MoreHelp />}
    />
  );
}

function CategoryCard({ title, always, children }: { title: ReactNode; always?: boolean; children: ReactNode }) {
  return (
    <li className={s.card}>
      <div className={s.cardHead}>
        <h3>{title}</h3>
        {always ? (
          <span className={s.badge.always}>
            <Trans>Sempre ativos</Trans>
          </span>
        ) : (
          <span className={s.badge.optional}>
            <Trans>Opcional</Trans>
          </span>
        )}
      </div>
      {children}
    </li>
  );
}

function Categories() {
  return (
    <ul className={s.cardList}>
      <CategoryCard title={<Trans>Necessários</Trans>} always>
        <p>
          <Trans>
            Sem eles o Cadernos não funciona: mantêm você conectado, guardam seus cadernos para uso offline, lembram o
            tema e o idioma que você escolheu e a sua resposta a este aviso de cookies. Não podem ser desligados e não
            são usados para rastrear você.
          </Trans>
        </p>
      </CategoryCard>
      <CategoryCard title={<Trans>Funcionais</Trans>}>
        <p>
          <Trans>
            Lembram conveniências que deixam o uso mais confortável, mas não são essenciais. Se você recusar, o
            Cadernos continua funcionando normalmente; algumas comodidades só não serão lembradas entre uma visita e
            outra.
          </Trans>
        </p>
      </CategoryCard>
      <CategoryCard title={<Trans>Análise</Trans>}>
        <p>
          <Trans>
            Ajudam a entender, de forma agregada, quais páginas são visitadas e quais recursos são usados (por
            exemplo, quando um caderno é criado, compartilhado ou respondido). Nunca incluem o texto das suas
            perguntas ou respostas. O serviço de estatísticas só é carregado se você aceitar, e só alguns segundos
            depois de a página abrir.
          </Trans>
        </p>
      </CategoryCard>
      <CategoryCard title={<Trans>Marketing</Trans>}>
        <p>
          <Trans>
            Hoje o Cadernos não mostra anúncios nem usa cookies de marketing. Se um dia medirmos campanhas, por
            exemplo da loja sazonal, isso só vai acontecer com esta opção ligada.
          </Trans>
        </p>
      </CategoryCard>
    </ul>
  );
}

function StoredItem({ name, where, purpose, duration }: { name: ReactNode; where: ReactNode; purpose: ReactNode; duration: ReactNode }) {
  return (
    <li className={s.card}>
      <h3 className={s.keyName}>{name}</h3>
      <dl className={s.facts}>
        <dt>
          <Trans>Categoria</Trans>
        </dt>
        <dd>
          <Trans>Necessário</Trans>
        </dd>
        <dt>
          <Trans>Onde fica</Trans>
        </dt>
        <dd>{where}</dd>
        <dt>
          <Trans>Para que serve</Trans>
        </dt>
        <dd>{purpose}</dd>
        <dt>
          <Trans>Por quanto tempo</Trans>
        </dt>
        <dd>{duration}</dd>
      </dl>
    </li>
  );
}

function StoredItems() {
  const localStorageName = 'localStorage';
  return (
    <>
      <p>
        <Trans>
          Estes são os itens que o Cadernos guarda no seu navegador. Todos são necessários e nenhum é enviado a
          terceiros.
        </Trans>
      </p>
      <ul className={s.itemList}>
        <StoredItem
          name={<code>{THEME_STORAGE_KEY}</code>}
          where={localStorageName}
          purpose={<Trans>Guarda o tema que você escolheu: claro, escuro ou o mesmo do sistema.</Trans>}
          duration={<Trans>Até você trocar o tema ou limpar os dados do site.</Trans>}
        />
        <StoredItem
          name={<code>{LANGUAGE_STORAGE_KEY}</code>}
          where={localStorageName}
          purpose={<Trans>Guarda o idioma escolhido (português ou inglês) para abrir o Cadernos nele da próxima vez.</Trans>}
          duration={<Trans>Até você trocar o idioma ou limpar os dados do site.</Trans>}
        />
        <StoredItem
          name={<code>{CONSENT_STORAGE_KEY}</code>}
          where={localStorageName}
          purpose={
            <Trans>Guarda a sua escolha de cookies e quando ela foi feita, para não perguntarmos de novo a cada visita.</Trans>
          }
          duration={<Trans>Até você mudar a escolha ou limpar os dados do site.</Trans>}
        />
        <StoredItem
          name={<Trans>Banco de dados offline</Trans>}
          where="IndexedDB"
          purpose={
            <Trans>
              Uma cópia dos cadernos, perguntas e respostas a que você tem acesso, e o que você fez sem internet
              esperando para sincronizar.
            </Trans>
          }
          duration={<Trans>Até você sair da conta ou limpar os dados do site.</Trans>}
        />
        <StoredItem
          name={<Trans>Sessão de login</Trans>}
          where={localStorageName}
          purpose={<Trans>Mantém você conectado e renova o acesso automaticamente, com segurança.</Trans>}
          duration={<Trans>Até você sair da conta.</Trans>}
        />
        <StoredItem
          name={<Trans>Arquivos do aplicativo</Trans>}
          where="Cache Storage"
          purpose={
            <Trans>
              Uma cópia das páginas, estilos e traduções do Cadernos, para que ele abra rápido e sem internet.
            </Trans>
          }
          duration={<Trans>Substituída a cada nova versão do aplicativo.</Trans>}
        />
      </ul>
    </>
  );
}

/** The stored choice, read directly: it still holds while the dialog is reopened to change it. */
function storedChoice(): CookiePreferences | null {
  try {
    return readConsent(localStorage);
  } catch {
    return null;
  }
}

function ChangeChoice() {
  const choice = useConsentStore((state) => state.choice) ?? storedChoice();
  return (
    <>
      <p>
        <Trans>
          Você pode mudar sua escolha a qualquer momento: toque no botão abaixo para abrir de novo o aviso de cookies,
          ligue ou desligue as categorias opcionais e salve.
        </Trans>
      </p>
      {choice ? <CurrentChoice choice={choice} /> : (
        <p>
          <Trans>Você ainda não fez uma escolha neste aparelho. Até lá, só os cookies necessários ficam ativos.</Trans>
        </p>
      )}
      <p>
        <button type="button" className={actions.primary} onClick={() => useConsentStore.setState({ choice: null })}>
          <Trans>Preferências de cookies</Trans>
        </button>
      </p>
      <p>
        <Trans>
          Você também pode apagar tudo o que o Cadernos guardou limpando os dados do site nas configurações do seu
          navegador. Depois disso, vamos perguntar sua escolha de novo.
        </Trans>
      </p>
    </>
  );
}

function CurrentChoice({ choice }: { choice: CookiePreferences }) {
  const { t } = useLingui();
  const on = t`Ligado`;
  const off = t`Desligado`;
  const rows: { label: string; value: string; active: boolean }[] = [
    { label: t`Necessários`, value: t`Sempre ativos`, active: true },
    { label: t`Funcionais`, value: choice.functional ? on : off, active: choice.functional },
    { label: t`Análise`, value: choice.analytics ? on : off, active: choice.analytics },
    { label: t`Marketing`, value: choice.marketing ? on : off, active: choice.marketing },
  ];
  return (
    <>
      <h3>
        <Trans>Sua escolha atual</Trans>
      </h3>
      <ul className={s.status}>
        {rows.map((row) => (
          <li key={row.label} className={s.statusItem}>
            <span>{row.label}</span>
            <span className={row.active ? s.statusValue.on : s.statusValue.off}>{row.value}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
