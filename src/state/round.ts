import { create } from 'zustand';

/**
 * Whether a round of "Passar o caderno" is going on on this device (issue 21), for the frame: while
 * one is, the app stays in the round (src/app/RoundGuard.tsx) and the frame offers no way out
 * (no places, no account menu, no back). The UI's copy of src/data/round/round-state.ts, bound by
 * followActiveRound.
 */
export interface RoundFrameState {
  /** false until the device's round has been read once. */
  known: boolean;
  active: { notebookId: string; hostId: string } | null;
}

export const useRoundStore = create<RoundFrameState>(() => ({ known: false, active: null }));

/** The round's page. */
export const roundPath = (notebookId: string) => `/notebook/${notebookId}/rodada`;

export function followActiveRound(watch: (listener: (round: RoundFrameState['active']) => void) => () => void): () => void {
  return watch((active) => useRoundStore.setState({ known: true, active }));
}
