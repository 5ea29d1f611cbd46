/**
 * /admin › Estilos de capa (issue 35): the cover styles catalogue's online data (the pattern:
 * src/screens/online/README.md). Calls: src/data/online/cover-styles-admin.ts. Not kept on the
 * device (no persister): admins edit online.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listCoverStyles, saveCoverStyle, setCoverStyleActive, type CoverStyleRow } from '../../../data/online/cover-styles-admin.ts';

const coverStylesKey = ['admin', 'cover-styles'] as const;

export function useCoverStyles() {
  return useQuery({ queryKey: coverStylesKey, queryFn: listCoverStyles, persister: undefined });
}

function useReadAgain() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: coverStylesKey });
    await client.invalidateQueries({ queryKey: coverStylesKey });
  };
}

export function useSaveCoverStyle() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: CoverStyleRow }) => saveCoverStyle(existingId, draft),
    onSuccess: readAgain,
  });
}

export function useSetCoverStyleActive() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setCoverStyleActive(id, active),
    onSuccess: readAgain,
  });
}
