/**
 * `work` settled, or `ms` passed, whichever comes first; never rejects. For start-up work that
 * must not keep the app from opening when it stalls (a restore from IndexedDB, the router's
 * first load): the app goes on, and the work finishes (or fails) on its own.
 */
export function settleWithin(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (work === undefined) return Promise.resolve()
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ])
}
