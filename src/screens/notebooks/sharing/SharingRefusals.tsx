import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { ProfileDoc } from '../../../data/schemas/index.ts';
import { useSyncStatusStore, type RejectedWrite } from '../../../state/sync-status.ts';
import { RefusedNotice } from '../common/RefusedNotice.tsx';
import { refusalTitle, refusedAction, sharingProblem } from './messages.ts';
import { personName } from './PersonSearch.tsx';

type SharingCollection = 'notebook_shares' | 'notebook_collaborators' | 'invite_links';

interface Props {
  layer: DataLayer;
  notebookId: string;
  collection: SharingCollection;
  profiles: Map<string, ProfileDoc> | undefined;
}

/** Whose share or collaboration a refused write was about (for a link: its code). */
function subjectOf(rejection: RejectedWrite): { person?: string; code?: string } {
  const attempted = rejection.attempted;
  if (rejection.collection === 'invite_links') return { code: String(attempted.code ?? '') };
  const person = rejection.collection === 'notebook_shares' ? attempted.shared_with : attempted.user_id;
  return { person: typeof person === 'string' ? person : undefined };
}

/**
 * Sharing writes of this notebook that the server refused (ARCHITECTURE S8): a share, an
 * invitation, a role change, a removal, a revoked link. The screen said "done" when the write
 * landed on this device; when the server says no a moment later, the row goes back to the
 * server's state — without this, silently. Shown where the person shares, until discarded.
 * A person's own answer to an invitation (accept, decline) is shown with the invitation.
 */
export function SharingRefusals({ layer, notebookId, collection, profiles }: Props) {
  const { t, i18n } = useLingui();
  const rejections = useSyncStatusStore((s) => s.rejections);
  const mine = useMemo(
    () =>
      rejections.filter(
        (r) =>
          r.collection === collection &&
          r.attempted.notebook_id === notebookId &&
          !(collection === 'notebook_collaborators' && r.attempted.user_id === layer.userId),
      ),
    [rejections, collection, notebookId, layer.userId],
  );
  if (mine.length === 0) return null;

  const nameOf = (rejection: RejectedWrite) => {
    const { person, code } = subjectOf(rejection);
    if (code !== undefined) return code;
    const profile = person ? profiles?.get(person) : undefined;
    return profile ? personName(profile) : t`Pessoa convidada`;
  };

  return (
    <div data-testid="sharing-refusals">
      {mine.map((rejection) => (
        <RefusedNotice
          key={rejection.key}
          rejection={rejection}
          title={i18n._(refusalTitle(rejection, nameOf(rejection)))}
          message={i18n._(sharingProblem({ code: rejection.reason }, refusedAction(rejection)))}
          onDiscard={() => void layer.api.rejections.discard(rejection.key)}
        />
      ))}
    </div>
  );
}
