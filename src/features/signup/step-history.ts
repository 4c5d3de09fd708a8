import type { SaudiStep } from '../../lib/signup-errors'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The Saudi form's step this history entry was pushed from (its Next). */
    signupStepFrom?: number
  }
}

/** How the browser's history follows a change of the Saudi form's step. */
export type StepMove =
  /** The entry before this one is the step asked for: go back to it (nothing piles up). */
  | { kind: 'back' }
  /** A new entry (Next, or a jump to a step with an error), or this one replaced. */
  | { kind: 'navigate'; replace: boolean; from: number | undefined }

/**
 * The form's Back moves like the browser's back button when the step before was reached by Next,
 * so Back, Next, Back… does not fill the history with steps (and the browser's back then leaves
 * the form instead of replaying them). A corrected step (`replace`) keeps no link to the entry
 * before it.
 */
export function stepMove(
  target: SaudiStep,
  options: { replace: boolean },
  current: { step: number | undefined; from: number | undefined },
): StepMove {
  if (!options.replace && current.from !== undefined && current.from === target) {
    return { kind: 'back' }
  }
  return {
    kind: 'navigate',
    replace: options.replace,
    from: options.replace ? undefined : (current.step ?? 1),
  }
}
