import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { FullProfile } from '../../../data/online/profile.ts';
import { backTo } from '../../../navigation/links.ts';
import { useSessionStore } from '../../../state/session.ts';
import { OfflineNote } from '../OnlineData.tsx';
import { usePoll, useVote } from '../hooks/polls.ts';
import { PollIcon } from './icons.tsx';
import ReportButton from '../reports/ReportButton.tsx';
import { useSocialProblem } from './messages.ts';
import { PollBars } from './PollBars.tsx';
import * as css from './social.css.ts';

/**
 * A profile's poll (issue 32): the question, a vote (changing it is allowed), and the results as
 * bars, live: a vote anywhere shows here at once. Who voted what is never shown. No active poll:
 * nothing, except a line for the owner.
 */
export default function Poll({ profile }: { profile: FullProfile }) {
  const query = usePoll(profile.id);
  const headingId = useId();
  const poll = query.data;
  if (poll === undefined && !query.isError) return null;
  if (!poll && !profile.is_self && !query.isError) return null;
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="poll">
      <h2 id={headingId} className={css.title}>
        <PollIcon className={css.icon} />
        <Trans>Enquete</Trans>
      </h2>
      {query.isError && !poll ? (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar a enquete.</Trans>
        </p>
      ) : !poll ? (
        <p className={css.muted}>
          <Trans>Você ainda não tem uma enquete.</Trans>{' '}
          <Link href="/manage-profile">
            <Trans>Criar uma enquete</Trans>
          </Link>
        </p>
      ) : (
        <>
          <p className={css.body} data-testid="poll-question">
            <strong>{poll.question}</strong>
          </p>
          {profile.is_self ? null : <ReportButton kind="poll" targetId={poll.id} authorId={profile.id} />}
          {poll.may_vote && !profile.is_self ? <VoteForm profileId={profile.id} pollId={poll.id} options={poll.options} myVote={poll.my_vote} /> : <SignInToVote />}
          <PollBars poll={poll} />
        </>
      )}
    </section>
  );
}

function SignInToVote() {
  const status = useSessionStore((s) => s.status);
  const [location] = useLocation();
  if (status === 'signed-in') return null;
  return (
    <p className={css.muted}>
      <Link href={backTo('/login', location)}>
        <Trans>Entre na sua conta</Trans>
      </Link>{' '}
      <Trans>para votar.</Trans>
    </p>
  );
}

function VoteForm({ profileId, pollId, options, myVote }: { profileId: string; pollId: string; options: string[]; myVote: number | null }) {
  const { t } = useLingui();
  const online = useOnline();
  const [choice, setChoice] = useState<number | null>(myVote);
  const [problem, setProblem] = useState<string | null>(null);
  const vote = useVote(profileId);
  const say = useSocialProblem();
  const name = useId();
  // the poll was edited (votes removed) or my vote came from another device
  useEffect(() => setChoice(myVote), [myVote, pollId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    setProblem(null);
    vote.mutate({ pollId, option: choice }, { onError: (error) => setProblem(say(error, t`Não foi possível registrar seu voto. Tente de novo.`)) });
  };

  return (
    <form className={f.form} onSubmit={submit}>
      <fieldset className={css.options}>
        <legend className={f.hint}>{myVote === null ? <Trans>Escolha uma opção:</Trans> : <Trans>Você pode mudar seu voto:</Trans>}</legend>
        {options.map((option, index) => (
          <label key={index} className={f.checkRow}>
            <input type="radio" name={name} value={index} checked={choice === index} onChange={() => setChoice(index)} />
            {option}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className={css.error} role="alert">
          {problem}
        </p>
      )}
      <div className={css.row}>
        <button
          type="submit"
          className={button.primary}
          disabled={!online || vote.isPending || choice === null || choice === myVote}
          aria-busy={vote.isPending}
        >
          {myVote === null ? <Trans>Votar</Trans> : <Trans>Mudar voto</Trans>}
        </button>
      </div>
      <OfflineNote>
        <Trans>Você está sem internet. Votar precisa de conexão.</Trans>
      </OfflineNote>
    </form>
  );
}
