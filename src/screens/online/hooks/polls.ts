/**
 * The poll area's online data, in one place (the pattern: ../README.md): a profile's poll with its
 * results (live: a vote shows on an open profile at once), the owner's polls, voting and the
 * owner's create / edit / end / remove. The server calls are src/data/online/polls.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pollChanges } from '../../../data/online/live.ts';
import { deletePoll, endPoll, readMyPolls, readPoll, savePoll, vote } from '../../../data/online/polls.ts';
import { useLiveKeys } from '../live.ts';

export const pollKeys = {
  all: (profileId: string) => ['poll', profileId] as const,
  view: (profileId: string, pollId: string | null) => ['poll', profileId, 'view', pollId] as const,
  mine: (profileId: string) => ['poll', profileId, 'mine'] as const,
};

/** A profile's active poll (or, for its owner, one poll by id) with its results, live while shown. */
export function usePoll(profileId: string, pollId: string | null = null) {
  useLiveKeys(() => pollChanges(profileId), [pollKeys.all(profileId)], [profileId]);
  return useQuery({ queryKey: pollKeys.view(profileId, pollId), queryFn: () => readPoll(profileId, pollId) });
}

/** The owner's polls, newest first. */
export function useMyPolls(userId: string) {
  return useQuery({ queryKey: pollKeys.mine(userId), queryFn: () => readMyPolls(userId) });
}

export function useVote(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pollId, option }: { pollId: string; option: number }) => vote(pollId, option),
    onSettled: () => client.invalidateQueries({ queryKey: pollKeys.all(profileId) }),
  });
}

/** Create (pollId null) or edit; end; remove — the owner's poll tab. */
export function usePollActions(userId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: pollKeys.all(userId) });
  return {
    save: useMutation({
      mutationFn: ({ pollId, question, options }: { pollId: string | null; question: string; options: string[] }) => savePoll(pollId, question, options),
      onSettled: refresh,
    }),
    end: useMutation({ mutationFn: (pollId: string) => endPoll(pollId), onSettled: refresh }),
    remove: useMutation({ mutationFn: (pollId: string) => deletePoll(pollId), onSettled: refresh }),
  };
}
