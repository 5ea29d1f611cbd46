import { useLayoutEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { AccountMenu } from '../AccountMenu.tsx';
import { Icon } from '../Icon.tsx';
import { FrameStatus } from './FrameStatus.tsx';
import { useDocumentTitle } from './document-title.ts';
import { canGoBackInApp, useFrameScreen } from './useFrameScreen.ts';
import * as s from './frame.css.ts';

/** Back to the previous page of the app, or to the screen's parent when opened from a link. */
function BackButton({ parentHref }: { parentHref: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      className={s.iconButton}
      aria-label={t`Voltar`}
      data-testid="back"
      onClick={() => (canGoBackInApp() ? history.back() : navigate(parentHref))}
    >
      <Icon name="arrow-left" />
    </button>
  );
}

/**
 * The screen's name in the room the bar leaves it (at 360 px beside "Entrar" and the menu: about
 * 160 px): a name that does not fit on one line gets a smaller size and up to two lines instead of
 * being cut ("Confirmação do responsável", "Resgatar respostas"). Measured, so it holds for every
 * language; checked again when the bar's width changes.
 */
function ScreenTitle({ text }: { text: string }) {
  const title = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = title.current;
    const room = element?.parentElement;
    if (!element || !room) return;
    const fit = () => {
      element.classList.remove(s.titleLong);
      if (element.scrollWidth > element.clientWidth) element.classList.add(s.titleLong);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    let width = room.clientWidth;
    // only a change of width matters (the title's own second line changes the height)
    const observer = new ResizeObserver(() => {
      if (room.clientWidth === width) return;
      width = room.clientWidth;
      fit();
    });
    observer.observe(room);
    return () => observer.disconnect();
  }, [text]);
  return (
    <p ref={title} className={s.title} data-testid="screen-title">
      {text}
    </p>
  );
}

/**
 * The top bar of every screen: back (below a main place), the screen's name with the connection's
 * status under it, and the account's menu. One row of 56 px, whatever the status says.
 * `locked` (a round of "Passar o caderno", issue 21): the name and the status only — no way out.
 */
export function TopBar({ locked = false }: { locked?: boolean }) {
  const { i18n } = useLingui();
  const screen = useFrameScreen();
  const title = screen.title ? i18n._(screen.title) : undefined;
  useDocumentTitle(title);
  return (
    <header className={s.topBar}>
      <a href="#main" className={s.skipLink}>
        <Trans>Pular para o conteúdo</Trans>
      </a>
      <div className={s.barRow} data-testid="top-bar">
        {screen.title && !locked && (
          <Link href="/" className={s.wideBrand}>
            Cadernos
          </Link>
        )}
        {screen.parentHref && !locked && <BackButton parentHref={screen.parentHref} />}
        <div className={s.titleBlock}>
          {title ? (
            <ScreenTitle text={title} />
          ) : locked ? (
            <p className={s.brand}>Cadernos</p>
          ) : (
            <Link href="/" className={s.brand}>
              Cadernos
            </Link>
          )}
          <FrameStatus onlineOnly={screen.onlineOnly} />
        </div>
        {!locked && (
          <div className={s.actions}>
            <AccountMenu />
          </div>
        )}
      </div>
    </header>
  );
}
