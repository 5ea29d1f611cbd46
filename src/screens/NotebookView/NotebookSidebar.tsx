import { memo, Suspense } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { MANAGES } from '../../data/repositories/roles.ts';
import { button } from '../../components/ui.css.ts';
import { UserText } from '../../components/UserText.tsx';
import { userBlock } from '../../components/user-text.css.ts';
import { NotebookCover } from '../notebooks/look/index.ts';
import * as css from './NotebookView.css.ts';
// Blocking a person (issue 22): its own chunk; no button when it cannot be fetched offline.
import { LazyBlockPersonButton as BlockPersonButton } from '../safety/lazy.ts';


/** The notebook's cover and what a reader should know: who made it, privacy, tips, and where to manage it. */
export const NotebookSidebar = memo(function NotebookSidebar({ view, ownerUsername }: { view: NotebookView; ownerUsername?: string | null }) {
  const { t } = useLingui();
  const { notebook } = view;
  const author = <UserText>{notebook.author}</UserText>;
  const manages = MANAGES.has(view.role);
  const questionCount = view.questions.filter((q) => manages || !q.question.blocked).length;
  const pending = view.awaiting.length;
  const answerCount = view.answerCount;
  return (
    <aside className={css.sidebar} aria-label={t`Sobre este caderno`}>
      <div className={css.coverWrap}>
        <NotebookCover
          title={notebook.title}
          author={<Trans>por {author}</Trans>}
          theme={notebook.theme}
          cover={notebook.cover}
          stickerBorder={notebook.sticker_border}
          titleAs="h1"
        />
      </div>
      {notebook.description ? (
        <p className={`${css.description} ${userBlock}`} dir="auto">
          {notebook.description}
        </p>
      ) : null}
      <ul className={css.stats}>
        <li>
          <Plural value={questionCount} _0="Nenhuma pergunta" one="# pergunta" other="# perguntas" />
        </li>
        <li>
          <Plural value={answerCount} _0="Nenhuma resposta" one="# resposta" other="# respostas" />
        </li>
      </ul>
      {notebook.pre_moderation_enabled ? (
        <p className={css.box}>
          <Trans>Pré-moderação ativa: as respostas aparecem depois de aprovadas.</Trans>
        </p>
      ) : null}
      {manages ? (
        <div className={css.actions}>
          <Link href={`/moderation/answers/${notebook.id}`} className={button.secondary}>
            <Plural value={pending} _0="Moderar respostas" one="Moderar respostas (# pendente)" other="Moderar respostas (# pendentes)" />
          </Link>
          <Link href={`/notebook/${notebook.id}/edit`} className={button.ghost}>
            <Trans>Editar caderno</Trans>
          </Link>
        </div>
      ) : null}
      {view.role !== 'owner' && ownerUsername ? (
        <div className={css.actions}>
          <Suspense fallback={null}>
            <BlockPersonButton userId={notebook.user_id} username={ownerUsername} checkFirst={false} />
          </Suspense>
        </div>
      ) : null}
    </aside>
  );
});

/** What a reader should know before answering: privacy and tips. */
export function NotebookAbout() {
  const { t } = useLingui();
  return (
    <aside className={css.about} aria-label={t`Privacidade e dicas`}>
      <section className={css.box} aria-labelledby="privacy-heading">
        <h2 className={css.boxTitle} id="privacy-heading">
          <Trans>Privacidade</Trans>
        </h2>
        <p className={css.description}>
          <Trans>
            Quem tem acesso a este caderno vê as respostas. Numa resposta anônima, seu nome fica escondido de todos — só o dono do caderno sabe quem
            respondeu.
          </Trans>
        </p>
      </section>
      <section className={css.box} aria-labelledby="tips-heading">
        <h2 className={css.boxTitle} id="tips-heading">
          <Trans>Dicas</Trans>
        </h2>
        <ul className={css.tips}>
          <li>
            <Trans>Responda com sinceridade e carinho.</Trans>
          </li>
          <li>
            <Trans>Você pode voltar e editar suas respostas quando quiser.</Trans>
          </li>
          <li>
            <Trans>Sem internet? Suas respostas ficam guardadas neste aparelho e são enviadas quando a conexão voltar.</Trans>
          </li>
        </ul>
      </section>
    </aside>
  );
}
