import { memo, useId, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { button } from '../../components/ui.css.ts';
import { UserText } from '../../components/UserText.tsx';
import { userBlock } from '../../components/user-text.css.ts';
import { NotebookCover } from '../notebooks/look/index.ts';
import * as css from './NotebookView.css.ts';
import { NotebookMenu } from './NotebookMenu.tsx';


/**
 * The notebook's cover and what a reader should know: who made it, privacy, tips, and where to
 * manage it. On a phone a compact head (issue 29): a small cover beside the title, the author and
 * the counts, the less frequent actions in a menu, so the first question and its field show
 * without scrolling. On a wide screen the whole cover stands in the left column.
 */
export const NotebookSidebar = memo(function NotebookSidebar({ view, ownerUsername }: { view: NotebookView; ownerUsername?: string | null }) {
  const { t } = useLingui();
  const { notebook } = view;
  const author = <UserText>{notebook.author}</UserText>;
  const manages = view.may.manage;
  const questionCount = view.questions.filter((q) => manages || !q.question.blocked).length;
  const pending = view.awaiting.length;
  const answerCount = view.answerCount;
  return (
    <aside className={css.sidebar} aria-label={t`Sobre este caderno`}>
      <div className={css.head} data-testid="notebook-head">
        {/* A picture of the title the heading says (on a wide screen, the heading is the cover's). */}
        <div className={css.coverWrap} aria-hidden="true">
          <NotebookCover
            title={notebook.title}
            author={<Trans>por {author}</Trans>}
            theme={notebook.theme}
            cover={notebook.cover}
            stickerBorder={notebook.sticker_border}
            titleAs="p"
          />
        </div>
        <div className={css.headText}>
          <h1 className={css.heading}>
            <UserText>{notebook.title}</UserText>
          </h1>
          <p className={css.byline}>
            <Trans>por {author}</Trans>
          </p>
          <ul className={css.stats}>
            <li>
              <Plural value={questionCount} _0="Nenhuma pergunta" one="# pergunta" other="# perguntas" />
            </li>
            <li>
              <Plural value={answerCount} _0="Nenhuma resposta" one="# resposta" other="# respostas" />
            </li>
          </ul>
        </div>
        <NotebookMenu view={view} ownerUsername={ownerUsername} questionCount={questionCount} />
      </div>
      {notebook.description ? <Description text={notebook.description} /> : null}
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
    </aside>
  );
});

/** Longer than this, a description shows its first lines on a phone, and the rest on request. */
const LONG_DESCRIPTION = 140;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  const id = useId();
  return (
    <div className={css.descriptionWrap}>
      <p id={id} className={`${css.description} ${userBlock} ${long && !open ? css.clamped : ''}`} dir="auto">
        {text}
      </p>
      {long ? (
        <button type="button" className={css.more} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? <Trans>Mostrar menos</Trans> : <Trans>Ler tudo</Trans>}
        </button>
      ) : null}
    </div>
  );
}

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
