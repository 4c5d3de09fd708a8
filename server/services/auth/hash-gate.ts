import { CommonCodes } from '../../../contracts/errors.ts'
import { HttpError } from '../../errors.ts'

/**
 * Runs password hashes (scrypt: ~50 ms of one core and 16 MiB each) at most `concurrency` at a
 * time with at most `queue` more waiting. A hash beyond that is refused at once with 503
 * RATE_LIMITED: the per-IP limit caps each address at 30 sign-ins a minute, but enough addresses
 * together would otherwise queue hashes without bound and every sign-in, the owner's too, would
 * wait behind them.
 */
export type HashGate = {
  /** Runs `work` when a slot is free; throws the 503 at once when the queue is full too. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Hashes running now and waiting now (for tests and logs). */
  load(): { running: number; waiting: number }
}

/** The refusal of a hash that found the gate full; the client may retry a second later. */
export function busy(): HttpError {
  return new HttpError(503, CommonCodes.RATE_LIMITED, { headers: { 'retry-after': '1' } })
}

export function createHashGate(options: { concurrency: number; queue: number }): HashGate {
  const concurrency = Math.max(1, options.concurrency)
  let running = 0
  const waiting: (() => void)[] = []

  const release = () => {
    const next = waiting.shift()
    // The slot passes straight to the next in line: `running` stays the same.
    if (next) next()
    else running -= 1
  }

  return {
    async run(work) {
      if (running < concurrency) {
        running += 1
      } else {
        if (waiting.length >= options.queue) throw busy()
        await new Promise<void>((resolve) => {
          waiting.push(resolve)
        })
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  }
}
