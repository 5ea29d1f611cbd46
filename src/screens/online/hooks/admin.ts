/**
 * The Users, Forbidden words and Audit log sections' online data (the pattern:
 * src/screens/online/README.md): query keys, the keyset pages (LoadMore) and the writes, after
 * which what they changed reads again. The server calls are src/data/online/admin.ts (no React).
 * Not kept on the device: people's e-mails and the audit log stay in memory only (no persister).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  addForbiddenWord,
  listAudit,
  listForbiddenWords,
  listPeople,
  nextAuditCursor,
  nextPeopleCursor,
  removeForbiddenWord,
  setAdmin,
  setBanned,
  type AuditCursor,
  type WordLanguage,
} from '../../../data/online/admin.ts';

export const adminKeys = {
  people: (query: string) => ['admin', 'people', query] as const,
  allPeople: ['admin', 'people'] as const,
  audit: ['admin', 'audit'] as const,
  words: (language: WordLanguage) => ['admin', 'words', language] as const,
};

/** People found by the search, 20 a page. */
export function usePeople(query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.people(query),
    queryFn: ({ pageParam }) => listPeople(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => nextPeopleCursor(lastPage),
    persister: undefined,
  });
}

/** The audit log, 30 a page, newest first. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) => listAudit(pageParam),
    initialPageParam: null as AuditCursor | null,
    getNextPageParam: (lastPage) => nextAuditCursor(lastPage),
    persister: undefined,
  });
}

export function useForbiddenWords(language: WordLanguage) {
  return useQuery({ queryKey: adminKeys.words(language), queryFn: () => listForbiddenWords(language), persister: undefined });
}

/**
 * Reads a list again after a write: a read still under way began before the write, so it is
 * cancelled first and asked again (invalidating alone would wait for that read and show the list
 * without the change — an admin who adds a word while the list is still loading).
 */
async function readAgain(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

export type PersonChange = { kind: 'ban'; userId: string; reason: string } | { kind: 'unban'; userId: string; reason: string } | { kind: 'admin'; userId: string; isAdmin: boolean };

/** A ban, unban, promotion or demotion; the people and the audit log read again. */
export function usePersonChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PersonChange): Promise<unknown> =>
      change.kind === 'admin' ? setAdmin(change.userId, change.isAdmin) : setBanned(change.userId, change.kind === 'ban', change.reason),
    onSettled: () => Promise.all([readAgain(client, adminKeys.allPeople), readAgain(client, adminKeys.audit)]),
  });
}

export type WordChange = { kind: 'add'; language: WordLanguage; word: string } | { kind: 'remove'; language: WordLanguage; id: string };

export function useWordChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WordChange) => (change.kind === 'add' ? addForbiddenWord(change.language, change.word) : removeForbiddenWord(change.id)),
    onSettled: (_data, _error, change) => Promise.all([readAgain(client, adminKeys.words(change.language)), readAgain(client, adminKeys.audit)]),
  });
}
