import { useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import {
  answerGuardianPurchase,
  readGuardianPurchase,
  type GuardianPurchaseProblem,
  type GuardianPurchaseRequest,
} from '../../data/online/guardian-purchase.ts';
import * as s from './guardian-purchase.css.ts';

/**
 * /guardian/purchase/{token} (issue 35): a minor asked to buy an item of the seasonal store, and
 * the guardian of the safe sign-up got a mail with this link (as the sign-up's /guardian/{token}).
 * The page shows who asks, the item, its real total in the page's language, "one payment, nothing
 * recurring", and two buttons of equal weight — confirm or decline. No account, no countdown, no
 * pressure: opening the page changes nothing (mail scanners open links); only a tap answers, once.
 */

type Load =
  | { state: 'loading' }
  | { state: 'shown'; request: GuardianPurchaseRequest }
  | { state: 'problem'; problem: GuardianPurchaseProblem };

type Outcome = { kind: 'answered' | 'already'; request: GuardianPurchaseRequest };

const CATEGORY: Record<string, MessageDescriptor> = {
  theme: msg`Tema`,
  paper_style: msg`Estilo de papel`,
  sticker_pack: msg`Pacote de adesivos`,
  cover_style: msg`Estilo de capa`,
};

function problemMessage(problem: GuardianPurchaseProblem): MessageDescriptor {
  switch (problem) {
    case 'guardian_link_invalid':
      return msg`Este link não existe ou expirou. Nada foi cobrado. Confira se o endereço do e-mail foi copiado inteiro.`;
    case 'too_many_attempts':
      return msg`Muitas tentativas com links desconhecidos. Espere alguns minutos e tente de novo.`;
    case 'offline':
      return msg`Sem conexão. Conecte-se à internet e tente de novo.`;
    case 'already_answered':
      return msg`Este pedido já foi respondido.`;
    case 'server':
      return msg`Não foi possível falar com o servidor. Tente de novo em instantes.`;
  }
}

export default function GuardianPurchaseScreen() {
  const { token = '' } = useParams<{ token?: string }>();
  const { i18n, t } = useLingui();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [answerProblem, setAnswerProblem] = useState<GuardianPurchaseProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void readGuardianPurchase(token).then((result) => {
      if (!live) return;
      setLoad(result.ok ? { state: 'shown', request: result.request } : { state: 'problem', problem: result.problem });
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  async function answer(confirm: boolean) {
    setBusy(true);
    setAnswerProblem(null);
    const result = await answerGuardianPurchase(token, confirm);
    setBusy(false);
    if (result.ok) setOutcome({ kind: 'answered', request: result.request });
    else if (result.problem === 'already_answered' && result.request) setOutcome({ kind: 'already', request: result.request });
    else setAnswerProblem(result.problem);
  }

  const title = (
    <h1 className={f.title}>
      <Trans>Pedido de compra</Trans>
    </h1>
  );

  if (load.state === 'loading') {
    return (
      <div className={f.authPage}>
        <div className={f.panel} aria-busy="true">
          {title}
          <p className={f.lede} role="status">
            <Trans>Carregando o pedido…</Trans>
          </p>
        </div>
      </div>
    );
  }

  if (load.state === 'problem') {
    const retry = load.problem !== 'guardian_link_invalid';
    return (
      <div className={f.authPage}>
        <div className={f.panel}>
          {title}
          <p className={f.alert} role="alert" data-testid="guardian-purchase-problem">
            {i18n._(problemMessage(load.problem))}
          </p>
          {retry && (
            <button type="button" className={button.secondary} onClick={() => setAttempt((n) => n + 1)}>
              <Trans>Tentar de novo</Trans>
            </button>
          )}
        </div>
      </div>
    );
  }

  const request = outcome?.request ?? load.request;
  const who = request.username;
  const item = request.item_name;
  const total = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: request.currency }).format(request.amount_cents / 100);
  const category = CATEGORY[request.category];
  const open = request.status === 'awaiting_guardian' && !outcome;

  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>{who} quer comprar um item</Trans>
        </h1>
        {open && (
          <p className={f.lede}>
            <Trans>
              {who} tem menos de 18 anos e pediu a sua confirmação para esta compra na loja do Cadernos. Nada foi cobrado.
            </Trans>
          </p>
        )}
        <dl className={s.details}>
          <dt>
            <Trans>Item</Trans>
          </dt>
          <dd data-testid="guardian-item">
            {item}
            {category && ` (${i18n._(category)})`}
          </dd>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className={s.total} data-testid="guardian-total">
            {total}
          </dd>
        </dl>
        <p className={s.once}>
          <Trans>Pagamento único. Sem cobrança recorrente. Sem itens-surpresa.</Trans>
        </p>
        {open ? (
          <>
            <p className={f.hint}>
              <Trans>Se você confirmar, {who} poderá pagar este valor uma vez, no app. Se recusar, nada será cobrado.</Trans>
            </p>
            {answerProblem && (
              <p className={f.alert} role="alert">
                {i18n._(problemMessage(answerProblem))}
              </p>
            )}
            <div className={s.choices} role="group" aria-label={t`Sua resposta`}>
              <button type="button" className={`${button.secondary} ${s.choice}`} disabled={busy} onClick={() => void answer(true)}>
                <Trans>Confirmar a compra</Trans>
              </button>
              <button type="button" className={`${button.secondary} ${s.choice}`} disabled={busy} onClick={() => void answer(false)}>
                <Trans>Recusar a compra</Trans>
              </button>
            </div>
          </>
        ) : (
          <div ref={resultRef} tabIndex={-1} role="status" data-testid="guardian-state" className={s.result}>
            {outcome?.kind !== 'answered' && (
              <p>
                <Trans>Este pedido já foi respondido.</Trans>
              </p>
            )}
            <p>{statusLine(request.status, who, outcome?.kind === 'answered')}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function statusLine(status: string, who: string, now: boolean) {
  switch (status) {
    case 'pending':
      return now ? (
        <Trans>Compra confirmada. {who} já pode pagar no app; o valor é cobrado uma única vez.</Trans>
      ) : (
        <Trans>A compra foi confirmada. {who} pode pagá-la uma única vez, no app.</Trans>
      );
    case 'refused':
      return now ? <Trans>Compra recusada. Nada foi cobrado.</Trans> : <Trans>A compra foi recusada. Nada foi cobrado.</Trans>;
    case 'paid':
      return <Trans>Esta compra já foi paga.</Trans>;
    case 'expired':
      return <Trans>Este pedido expirou ou foi substituído por outro e-mail. Nada foi cobrado.</Trans>;
    default:
      return <Trans>Este pedido foi encerrado. Nada foi cobrado.</Trans>;
  }
}
