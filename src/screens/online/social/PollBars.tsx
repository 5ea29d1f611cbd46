import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shares, type PollView } from '../../../data/online/polls.ts';
import * as css from './social.css.ts';

/**
 * A poll's results as a simple bar chart (no chart library): one row per option — its name, its
 * votes and share above, the bar below — so long options wrap and the figures stay readable at
 * 360 px. The caller's own vote is marked. Screen readers read the figures, not the bars.
 */
export function PollBars({ poll }: { poll: PollView }) {
  const { t } = useLingui();
  const percent = shares(poll.counts);
  return (
    <div className={css.list}>
      <ul className={css.bars} aria-label={t`Resultado da enquete`} data-testid="poll-results">
        {poll.options.map((option, index) => (
          <li key={index} className={css.barRow} data-testid="poll-result">
            <div className={css.barLabel}>
              <span className={poll.my_vote === index ? `${css.barName} ${css.mine}` : css.barName}>
                {option}
                {poll.my_vote === index && (
                  <>
                    {' '}
                    <Trans>(seu voto)</Trans>
                  </>
                )}
              </span>
              <span className={css.barFigure}>
                <Plural value={poll.counts[index] ?? 0} _0="0 votos" one="# voto" other="# votos" /> · {percent[index]}%
              </span>
            </div>
            <div className={css.barTrack} aria-hidden="true">
              <div className={css.barFill} style={{ width: `${percent[index]}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <p className={css.muted} data-testid="poll-total">
        <Plural value={poll.total} _0="Nenhum voto ainda" one="# voto no total" other="# votos no total" />
      </p>
    </div>
  );
}
