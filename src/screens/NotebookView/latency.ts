/**
 * Performance marks for the figure "time from pressing save to the answer showing in the list"
 * (issue 8, target one frame). The stepper marks the press; the answers list measures when its
 * committed DOM holds the saved text. tests/bench/answer-latency.ts reads the measures.
 */
export const SAVE_MARK = 'answer:save-pressed';
/** The list's DOM holds the answer (React committed it). */
export const LISTED_MEASURE = 'answer:save-to-listed';
/** The frame showing it has been painted (the first task after the next animation frame). */
export const PAINTED_MEASURE = 'answer:save-to-painted';

/** The local database has the write (the repository call returned). */
export const WRITTEN_MEASURE = 'answer:save-to-written';

let awaited: { questionId: string; text: string } | null = null;

export function markSavePressed(questionId: string, text: string): void {
  awaited = { questionId, text: text.trim() };
  performance.clearMarks(SAVE_MARK);
  performance.mark(SAVE_MARK);
}

export function markWritten(): void {
  performance.measure(WRITTEN_MEASURE, SAVE_MARK);
}

/** Called after each commit of the answers list with what it shows. */
export function noteListed(shown: readonly { question_id: string; text: string }[]): void {
  if (!awaited) return;
  const { questionId, text } = awaited;
  if (!shown.some((answer) => answer.question_id === questionId && answer.text === text)) return;
  awaited = null;
  performance.measure(LISTED_MEASURE, SAVE_MARK);
  requestAnimationFrame(() => {
    const afterPaint = new MessageChannel();
    afterPaint.port1.onmessage = () => performance.measure(PAINTED_MEASURE, SAVE_MARK);
    afterPaint.port2.postMessage(null);
  });
}
