import { Trans } from '@lingui/react/macro';
import { UserText } from '../../../components/UserText.tsx';
import type { AnswerAuthor } from './identity.ts';

/** The author line of an answer, saying no more than the viewer may know (see identity.ts). */
export function AnswerAuthorLabel({ author }: { author: AnswerAuthor }) {
  if (author.kind === 'me') return author.anonymous ? <Trans>Você (resposta anônima)</Trans> : <Trans>Você</Trans>;
  if (author.kind === 'anonymous') return <Trans>Anônimo</Trans>;
  // Signed, but its writer's name has not reached this device: never call it anonymous.
  if (author.kind === 'unnamed') return <Trans>Participante</Trans>;
  const name = <UserText>{author.name}</UserText>;
  const handle = author.username && author.username !== author.name ? `@${author.username}` : null;
  if (author.kind === 'revealed') {
    return handle ? <Trans>Anônimo — {name} ({handle}), só você vê</Trans> : <Trans>Anônimo — {name}, só você vê</Trans>;
  }
  return handle ? <Trans>{name} ({handle})</Trans> : <>{name}</>;
}
