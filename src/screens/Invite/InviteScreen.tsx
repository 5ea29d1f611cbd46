import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import * as f from '../../components/form.css.ts';
import { Icon } from '../../components/Icon.tsx';
import { button, visuallyHidden } from '../../components/ui.css.ts';
import { useSessionStore } from '../../state/session.ts';
import { backTo } from '../../navigation/links.ts';
import { useInviteRedemption, type FailureReason, type InviteStep } from './redemption.ts';
import { redeemWhenSignedIn, usePreloadNextSteps } from './next-steps.ts';
import * as s from './InviteScreen.css.ts';
import { inviteCodeFrom } from '../../data/invite-codes.ts';

/**
 * /n/{code} (spec §2): the steps login → process invite → open notebook. A visitor is sent to log
 * in or register and comes back here to finish (`?next=`); a signed-in person's invite is redeemed
 * (online only: it asks the server) and the notebook opens once its pages reached this device.
 * The public link form /n/{notebook id} goes through the same steps.
 */
export default function InviteScreen() {
  const { code: typed = '' } = useParams<{ code: string }>();
  // Typed in any case, with or without dashes or spaces (gz2w-w6ba-dl7r): one code (issue 29).
  const code = inviteCodeFrom(decodeURIComponent(typed));
  const status = useSessionStore((st) => st.status);
  const [, navigate] = useLocation();
  const redemption = useInviteRedemption(status === 'signed-in' ? code : null);
  usePreloadNextSteps(status === 'signed-out');

  useEffect(() => {
    if (redemption.state === 'ready') navigate(`/notebook/${redemption.notebookId}`, { replace: true });
  }, [redemption, navigate]);

  const step: InviteStep = status !== 'signed-in' ? 'login' : redemption.state === 'opening' || redemption.state === 'ready' ? 'open' : 'process';
  const back = `/n/${code}`;

  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>Convite para um caderno</Trans>
        </h1>
        <Steps current={step} />
        {status === 'loading' && (
          <p className={f.lede} role="status">
            <Trans>Verificando sua conta…</Trans>
          </p>
        )}
        {status !== 'loading' && status !== 'signed-in' && (
          <div data-testid="invite-login">
            <p className={f.lede}>
              <Trans>Entre ou crie uma conta para aceitar o convite. Depois você volta direto para cá.</Trans>
            </p>
            <div className={s.actions}>
              <Link href={backTo('/login', back)} className={button.primary} onClick={() => redeemWhenSignedIn(code)}>
                <Trans>Entrar</Trans>
              </Link>
              <Link href={backTo('/register', back)} className={button.secondary} onClick={() => redeemWhenSignedIn(code)}>
                <Trans>Criar conta</Trans>
              </Link>
            </div>
          </div>
        )}
        {status === 'signed-in' && <Progress redemption={redemption} />}
      </div>
    </div>
  );
}

function Steps({ current }: { current: InviteStep }) {
  const { t } = useLingui();
  const steps: { id: InviteStep; label: string }[] = [
    { id: 'login', label: t`Entrar` },
    { id: 'process', label: t`Processar convite` },
    { id: 'open', label: t`Abrir caderno` },
  ];
  const at = steps.findIndex((item) => item.id === current);
  return (
    <ol className={s.steps} aria-label={t`Etapas do convite`}>
      {steps.map((item, index) => (
        <li
          key={item.id}
          className={index < at ? s.step.done : index === at ? s.step.current : s.step.todo}
          aria-current={index === at ? 'step' : undefined}
        >
          <span className={s.number} aria-hidden="true">
            {index < at ? <Icon name="check" /> : index + 1}
          </span>
          {item.label}
          {index < at && <span className={visuallyHidden}> ({t`concluída`})</span>}
        </li>
      ))}
    </ol>
  );
}

/** What a refused redeem means for the person; only a server failure is worth retrying. */
const FAILURE_SENTENCES: Record<FailureReason, MessageDescriptor> = {
  invalid: msg`Convite inválido ou expirado.`,
  removed: msg`O dono deste caderno removeu seu acesso. Para voltar, peça que ele compartilhe o caderno com você de novo.`,
  wait: msg`Muitos códigos errados em pouco tempo. Espere alguns minutos e tente de novo.`,
  server: msg`Não foi possível resgatar o convite.`,
};

function Progress({ redemption }: { redemption: ReturnType<typeof useInviteRedemption> }) {
  const { i18n } = useLingui();
  switch (redemption.state) {
    case 'idle':
    case 'redeeming':
      return (
        <p className={f.lede} role="status" aria-live="polite">
          <Trans>Processando convite…</Trans>
        </p>
      );
    case 'offline':
      return (
        <p className={f.notice} role="status" data-testid="invite-offline">
          <Trans>Sem conexão: aceitar um convite precisa de internet. Vamos continuar assim que a conexão voltar.</Trans>
        </p>
      );
    case 'opening':
    case 'ready':
      return (
        <p className={f.lede} role="status" aria-live="polite">
          <Trans>Convite aceito! Abrindo o caderno…</Trans>
        </p>
      );
    case 'failed':
      return (
        <div role="alert" data-testid="invite-error" data-reason={redemption.reason}>
          <p className={f.alert}>{i18n._(FAILURE_SENTENCES[redemption.reason])}</p>
          <div className={s.actions}>
            {redemption.reason === 'server' && (
              <button type="button" className={button.primary} onClick={redemption.retry}>
                <Trans>Tentar novamente</Trans>
              </button>
            )}
            <Link href="/meus-cadernos" className={button.secondary}>
              <Trans>Ir para Meus cadernos</Trans>
            </Link>
          </div>
        </div>
      );
  }
}
