/**
 * The question stepper (spec §2 view): one page per question, then the completion page.
 * `page` runs from 0 to `count`; page `count` is the completion screen. `turn` says which way
 * the last page turned, for the page-flip animation.
 */
export interface StepperState {
  page: number;
  count: number;
  turn: 'forward' | 'backward' | 'none';
}

export type StepperAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goto'; page: number }
  | { type: 'count'; count: number };

export const initialStepper = (count: number, page = 0): StepperState => ({ page: clampPage(page, count), count, turn: 'none' });

function clampPage(page: number, count: number): number {
  return Math.max(0, Math.min(count, Math.trunc(page)));
}

export function stepperReducer(state: StepperState, action: StepperAction): StepperState {
  switch (action.type) {
    case 'next':
      return state.page >= state.count ? state : { ...state, page: state.page + 1, turn: 'forward' };
    case 'previous':
      return state.page <= 0 ? state : { ...state, page: state.page - 1, turn: 'backward' };
    case 'goto': {
      const page = clampPage(action.page, state.count);
      if (page === state.page) return state;
      return { ...state, page, turn: page > state.page ? 'forward' : 'backward' };
    }
    case 'count': {
      // Questions come and go live (blocked, removed, added by the owner): stay on a real page.
      if (action.count === state.count) return state;
      return { page: clampPage(state.page, action.count), count: action.count, turn: 'none' };
    }
  }
}

export const isCompletion = (state: StepperState) => state.count > 0 && state.page === state.count;

/** The first question not answered yet, or the completion page when all are. */
export function firstUnanswered(answered: boolean[]): number {
  const index = answered.indexOf(false);
  return index === -1 ? answered.length : index;
}
