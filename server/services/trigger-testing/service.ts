import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type {
  InstantTestCode,
  ServerMessage,
  StartMessage,
} from '../../../contracts/instant-test.ts'
import type { Db } from '../../db/client.ts'
import { loadGrants } from '../../plugins/auth.ts'
import { mayTriggerTestOn } from './access.ts'
import { unitRefusal } from './checks.ts'
import { completeTest, failTests, findUnitFacts, startTest, type UnitFacts } from './repository.ts'
import { outcomeMeasurements, progressSteps, simulateOutcome } from './simulation.ts'

/** Settings of the trigger-testing service (plugin options; the defaults are production's). */
export type TriggerTestingOptions = {
  /** TARGET_AT_CAPACITY once this many tests run server-wide (default 20). */
  maxRunning?: number
  /** Runs the simulated test this many times faster than its ~8 s (tests). */
  speedFactor?: number
  /** How long a socket may stay open without a valid auth message (default 5 s). */
  authTimeoutMs?: number
  /** A running row older than this is a leftover and no longer blocks its unit (default 2 min). */
  staleAfterMs?: number
  random?: () => number
  now?: () => Date
}

export const DEFAULT_MAX_RUNNING = 20
export const DEFAULT_STALE_AFTER_MS = 2 * 60_000

/** Sends one message to the client; a closed socket drops it. */
export type Send = (message: ServerMessage) => void

/** The instant-test service: checks, start, the simulated run, and shutdown. */
export type InstantTestService = {
  /** Runs the checks of seeds 8.4 and, when they pass, starts the test in the background. */
  start: (userId: number, message: StartMessage, send: Send) => Promise<void>
  /** Fails every test still running here (server shutdown) and waits for them to stop. */
  stopAll: () => Promise<void>
}

/** Builds the service over a database. */
export function createInstantTestService(
  db: Db,
  log: FastifyBaseLogger,
  options: TriggerTestingOptions = {},
): InstantTestService {
  const maxRunning = options.maxRunning ?? DEFAULT_MAX_RUNNING
  const speedFactor = options.speedFactor ?? 1
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS
  const random = options.random ?? Math.random
  const now = options.now ?? (() => new Date())
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>()

  /** The unit when every check before the start passes, else the code that refuses it. */
  async function check(
    userId: number,
    message: StartMessage,
  ): Promise<{ code: InstantTestCode } | { unit: UnitFacts }> {
    const grants = await loadGrants(db, userId)
    if (!(await mayTriggerTestOn(db, grants, message.unitId))) return { code: 'ACCESS_DENIED' }
    const unit = await findUnitFacts(db, message.unitId)
    // Only a developer gets here for a unit that does not exist.
    if (!unit) return { code: 'UNKNOWN' }
    const code = unitRefusal(unit, now())
    return code ? { code } : { unit }
  }

  async function run(
    test: { testId: string; unitId: number; origin: StartMessage['origin'] },
    line: { downloadKbps: number | null; uploadKbps: number | null },
    send: Send,
    signal: AbortSignal,
  ): Promise<void> {
    const outcome = simulateOutcome(line, random)
    try {
      for (const step of progressSteps(outcome, random)) {
        await sleep(step.delayMs / speedFactor, undefined, { signal })
        send(step.message)
      }
      // The unit finishes its test whether or not anyone still watches: store it either way.
      const results = outcomeMeasurements(outcome)
      const stored = await completeTest(db, { ...test, at: now(), results })
      if (!stored) {
        send({ type: 'error', code: 'UNKNOWN' })
        return
      }
      send({
        type: 'result',
        testId: test.testId,
        results: results.map(({ metricKey, value }) => ({ metricKey, metricValue: value })),
      })
    } catch (error) {
      if (!signal.aborted) log.error({ err: error, testId: test.testId }, 'instant test failed')
      await failTests(db, [test.testId], 'UNKNOWN').catch((failure: unknown) => {
        log.error({ err: failure, testId: test.testId }, 'could not mark instant test failed')
      })
      send({ type: 'error', code: 'UNKNOWN' })
    }
  }

  return {
    async start(userId, message, send) {
      const checked = await check(userId, message)
      if ('code' in checked) {
        send({ type: 'error', code: checked.code })
        return
      }
      const { unit } = checked
      const outcome = await startTest(db, {
        unitId: message.unitId,
        userId,
        origin: message.origin,
        maxRunning,
        staleBefore: new Date(now().getTime() - staleAfterMs),
        noAvailableTests: unit.instantTestsEnabled === false,
      })
      if (!outcome.ok) {
        send({ type: 'error', code: outcome.code })
        return
      }
      send({ type: 'started', testId: outcome.testId })
      const controller = new AbortController()
      const test = { testId: outcome.testId, unitId: message.unitId, origin: message.origin }
      const line = { downloadKbps: unit.downloadKbps, uploadKbps: unit.uploadKbps }
      const done = run(test, line, send, controller.signal).finally(() => {
        active.delete(outcome.testId)
      })
      active.set(outcome.testId, { controller, done })
    },

    async stopAll() {
      const running = [...active.values()]
      for (const { controller } of running) controller.abort()
      await Promise.all(running.map(({ done }) => done))
    },
  }
}
