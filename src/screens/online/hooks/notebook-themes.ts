/**
 * /admin › Temas (issue 35): the notebook themes catalogue's online data (the pattern:
 * src/screens/online/README.md). Calls: src/data/online/notebook-themes-admin.ts. Not kept on the
 * device (no persister): admins edit online.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listNotebookThemes, saveNotebookTheme, setNotebookThemeActive, type NotebookThemeRow } from '../../../data/online/notebook-themes-admin.ts';

const themesKey = ['admin', 'notebook-themes'] as const;

export function useNotebookThemes() {
  return useQuery({ queryKey: themesKey, queryFn: listNotebookThemes, persister: undefined });
}

function useReadAgain() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: themesKey });
    await client.invalidateQueries({ queryKey: themesKey });
  };
}

export function useSaveNotebookTheme() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: NotebookThemeRow }) => saveNotebookTheme(existingId, draft),
    onSuccess: readAgain,
  });
}

export function useSetNotebookThemeActive() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setNotebookThemeActive(id, active),
    onSuccess: readAgain,
  });
}
