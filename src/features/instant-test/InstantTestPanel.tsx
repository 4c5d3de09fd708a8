import { createContext, useContext, useEffect, useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { IN_PROGRESS_WAIT_SECONDS } from '#contracts/instant-test.ts'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { instantTestCodeMessage, isRetryable } from '../../lib/instant-test-codes'
import { useOnline } from '../../offline/online-state'
import { useSession } from '../../session'
import { Alert, Button } from '../../ui'
import type { AccessibleUnit } from '#contracts/units.ts'
import { compatibilityOf, type Compatibility } from './compatibility'
import type { InstantTestState } from './instant-test-state'
import { ResultLink } from './ResultLink'
import { formatMeasurement, metricDisplay, PHASES, sortResults } from './result-format'
import { useInstantTest } from './useInstantTest'
import styles from './InstantTestPanel.module.css'

/** Props of the instant-test panel: the unit to test and whose wording to use (seeds 8.4). */
export type InstantTestPanelProps = {
  unitId: number
  wording: 'consumer' | 'engineer'
  /**
   * The unit is offline (seeds 001 §4): no test is offered, with the reason; the server would
   * refuse it as UNREACHABLE.
   */
  unitOffline?: boolean
  /**
   * The unit's details when the page has them (an engineer's unit page): the compatibility check
   * reads them (seeds 3 is_tt_compatible, environment), so a unit that cannot run the test says so
   * before anyone presses Run. Without them a consumer's check asks for the unit's details.
   */
  unitDetails?: Pick<AccessibleUnit, 'is_tt_compatible' | 'environment'>
}

/**
 * Seeds 2.6 / 4.6 instant test: not started, running (live progress per phase), failed (the
 * code's title and explanation in the consumer or engineer wording) or succeeded (the results
 * and a link to the result page). Offline it says at once that a test needs a connection.
 */
export function InstantTestPanel({
  unitId,
  wording,
  unitOffline = false,
  unitDetails,
}: InstantTestPanelProps) {
  const titleId = useId()
  const fetched = useCompatibility(unitId, wording === 'consumer' && unitDetails === undefined)
  const compatibility = unitDetails ? compatibilityOf(unitDetails, null) : fetched
  const { state, run } = useInstantTest(unitId)

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        <Trans>Instant test</Trans>
      </h2>
      {compatibility === 'NOT_TT_COMPATIBLE' || compatibility === 'INCOMPATIBLE' ? (
        <FailureMessage code={compatibility} wording={wording} />
      ) : (
        <RunContext.Provider value={{ wording, unitOffline }}>
          <PanelBody state={state} run={run} unitId={unitId} wording={wording} />
        </RunContext.Provider>
      )}
    </section>
  )
}

/** The consumer's own unit details as the compatibility check; engineers rely on the server's. */
function useCompatibility(unitId: number, enabled: boolean): Compatibility {
  const session = useSession()
  const query = useQuery({
    ...accessibleUnitQueryOptions(session?.sub ?? '', unitId),
    enabled: enabled && session !== null,
  })
  if (!enabled) return 'unknown'
  return compatibilityOf(query.data, query.error)
}

type BodyProps = {
  state: InstantTestState
  run: () => void
  unitId: number
  wording: InstantTestPanelProps['wording']
}

function PanelBody({ state, run, unitId, wording }: BodyProps) {
  switch (state.status) {
    case 'not_started':
      return (
        <>
          <p className={styles.intro}>
            {wording === 'consumer' ? (
              <Trans>
                Test your broadband now: your Whitebox measures latency, download and upload speed.
                It takes about ten seconds.
              </Trans>
            ) : (
              <Trans>
                Run latency, download and upload tests on this unit now (about ten seconds).
              </Trans>
            )}
          </p>
          <RunButton run={run} />
        </>
      )
    case 'running':
      return <Progress state={state} />
    case 'failed':
      return (
        <>
          <FailureMessage code={state.code} wording={wording} />
          {/* Keyed by the failure, so each one starts its own one-minute wait. */}
          <RetryAfterFailure key={state.at} state={state} run={run} />
        </>
      )
    case 'succeeded':
      return (
        <>
          <Results state={state} unitId={unitId} wording={wording} />
          <RunButton run={run} again />
        </>
      )
  }
}

/** What the run button needs to know to be offered (or not, with the reason). */
const RunContext = createContext<{
  wording: InstantTestPanelProps['wording']
  unitOffline: boolean
}>({ wording: 'consumer', unitOffline: false })

function RunButton({ run, again = false }: { run: () => void; again?: boolean }) {
  const { i18n } = useLingui()
  const online = useOnline()
  const { wording, unitOffline } = useContext(RunContext)
  const hintId = useId()
  if (unitOffline) {
    // The unit cannot be reached: the test would fail as UNREACHABLE, so it is not offered.
    const reason = instantTestCodeMessage('UNREACHABLE', wording).explanation
    return (
      <div className={styles.actions}>
        <Button disabled aria-describedby={hintId}>
          {again ? <Trans>Run again</Trans> : <Trans>Run instant test</Trans>}
        </Button>
        <p id={hintId} className={styles.hint}>
          {i18n._(reason)}
        </p>
      </div>
    )
  }
  if (!online) {
    // No connection: the test cannot start and is not queued, so the button says so by being
    // disabled, with the reason beside it.
    return (
      <div className={styles.actions}>
        <Button disabled aria-describedby={hintId}>
          {again ? <Trans>Run again</Trans> : <Trans>Run instant test</Trans>}
        </Button>
        <p id={hintId} className={styles.hint}>
          <Trans>
            You are offline. An instant test needs a connection; it is not saved for later.
          </Trans>
        </p>
      </div>
    )
  }
  return (
    <div className={styles.actions}>
      <Button onClick={run}>
        {again ? <Trans>Run again</Trans> : <Trans>Run instant test</Trans>}
      </Button>
    </div>
  )
}

/** Seeds 9: after IN_PROGRESS the button comes back once a minute has passed. */
function RetryAfterFailure({
  state,
  run,
}: {
  state: Extract<InstantTestState, { status: 'failed' }>
  run: () => void
}) {
  const waitUntil = state.code === 'IN_PROGRESS' ? state.at + IN_PROGRESS_WAIT_SECONDS * 1000 : 0
  const [waiting, setWaiting] = useState(() => waitUntil > Date.now())
  useEffect(() => {
    const remaining = waitUntil - Date.now()
    if (remaining <= 0) return
    const timer = setTimeout(() => {
      setWaiting(false)
    }, remaining)
    return () => {
      clearTimeout(timer)
    }
  }, [waitUntil])
  if (!isRetryable(state.code) || waiting) return null
  return <RunButton run={run} again />
}

function FailureMessage({
  code,
  wording,
}: {
  code: Parameters<typeof instantTestCodeMessage>[0]
  wording: InstantTestPanelProps['wording']
}) {
  const { i18n } = useLingui()
  const message = instantTestCodeMessage(code, wording)
  return (
    <Alert variant={isRetryable(code) ? 'warning' : 'error'} title={i18n._(message.title)}>
      <p className={styles.explanation}>{i18n._(message.explanation)}</p>
    </Alert>
  )
}

function Progress({ state }: { state: Extract<InstantTestState, { status: 'running' }> }) {
  const { i18n, t } = useLingui()
  const current = PHASES.find((entry) => entry.phase === state.phase)
  // Announced politely once per phase, not on every tick: a screen reader user hears the steps.
  const announcement = current
    ? i18n._(current.announcement)
    : state.testId === null
      ? t`Checking that your unit can run the test…`
      : t`Test started.`
  return (
    <div className={styles.progress} aria-busy="true">
      <p className={styles.status} aria-live="polite">
        {announcement}
      </p>
      <ol className={styles.phases}>
        {PHASES.map(({ phase, label, unit }) => {
          const progress = state.progress[phase]
          const percent = progress?.percent ?? 0
          const value =
            progress?.value === null || progress?.value === undefined
              ? null
              : formatMeasurement(progress.value, unit, i18n.locale)
          const name = i18n._(label)
          return (
            <li
              key={phase}
              className={styles.phase}
              data-active={phase === state.phase || undefined}
            >
              <div className={styles.phaseHead}>
                <span>{name}</span>
                <bdi className={styles.value}>{value ?? ''}</bdi>
              </div>
              <progress
                className={styles.bar}
                max={100}
                value={percent}
                aria-label={name}
                aria-valuetext={value ? t`${percent}%, ${value}` : t`${percent}%`}
              />
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function Results({
  state,
  unitId,
  wording,
}: {
  state: Extract<InstantTestState, { status: 'succeeded' }>
  unitId: number
  wording: InstantTestPanelProps['wording']
}) {
  const { i18n } = useLingui()
  return (
    <div className={styles.results}>
      <Alert variant="success" title={<Trans>Test complete</Trans>} />
      <dl className={styles.resultList}>
        {sortResults(state.results).map(({ metricKey, metricValue }) => {
          const { label, unit } = metricDisplay(metricKey)
          return (
            <div key={metricKey} className={styles.resultItem}>
              <dt>{typeof label === 'string' ? label : i18n._(label)}</dt>
              <dd>
                {/* A narrow tile (360 px) may put the unit under the number, never past its edge. */}
                <bdi>
                  {formatMeasurement(metricValue, unit, i18n.locale).replace('\u00a0', ' ')}
                </bdi>
              </dd>
            </div>
          )
        })}
      </dl>
      {/* The result page is the consumer dashboard's; the enterprise view has no such route. */}
      {wording === 'consumer' ? <ResultLink testId={state.testId} unitId={unitId} /> : null}
    </div>
  )
}
