/**
 * /admin › Estilos de papel (issue 35): the paper styles catalogue's online data (the pattern:
 * src/screens/online/README.md). Calls: src/data/online/paper-styles-admin.ts. Not kept on the
 * device (no persister): admins edit online.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPaperStyles, savePaperStyle, setPaperStyleActive, type PaperStyleRow } from '../../../data/online/paper-styles-admin.ts';

const paperStylesKey = ['admin', 'paper-styles'] as const;

export function usePaperStyles() {
  return useQuery({ queryKey: paperStylesKey, queryFn: listPaperStyles, persister: undefined });
}

function useReadAgain() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: paperStylesKey });
    await client.invalidateQueries({ queryKey: paperStylesKey });
  };
}

export function useSavePaperStyle() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: PaperStyleRow }) => savePaperStyle(existingId, draft),
    onSuccess: readAgain,
  });
}

export function useSetPaperStyleActive() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setPaperStyleActive(id, active),
    onSuccess: readAgain,
  });
}
