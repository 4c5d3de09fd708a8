import * as v from 'valibot'
import { PaginationSchema, pagingEntries } from './pagination.ts'

/**
 * The trigger-testing service (seeds 000 §3, §7.4, §8.4): an instant test runs over a websocket at
 * GET /api/trigger-testing/ws, and its history is read over REST. Browsers cannot set an
 * Authorization header on a websocket, so the first message carries the access token.
 *
 * Conversation: client `auth` → server `authenticated`; client `start` → server `started`, then
 * `progress` (latency, download, upload in that order) and one `result`, or one `error` with a
 * seeds 8.4 code at any point. A socket may start another test once the previous one ended.
 */

/** Seeds 3: where an instant test was started from. */
export const TEST_ORIGINS = ['web_app', 'web_iframe', 'ios_app', 'android_app'] as const
export const TestOriginSchema = v.picklist(TEST_ORIGINS)
export type TestOrigin = v.InferOutput<typeof TestOriginSchema>

/** Seeds 3: instant test kinds (instant_test_api is for API callers). */
export const InstantTestKindSchema = v.picklist(['instant_test', 'instant_test_api'])

/** Seeds 8.4: every code a refused or failed instant test answers with. */
export const INSTANT_TEST_CODES = [
  'ACCESS_DENIED',
  'NOT_TT_COMPATIBLE',
  'INCOMPATIBLE',
  'UNREACHABLE',
  'NOT_READY',
  'IN_PROGRESS',
  'NO_AVAILABLE_TESTS',
  'TARGET_AT_CAPACITY',
  'UNKNOWN',
] as const
export const InstantTestCodeSchema = v.picklist(INSTANT_TEST_CODES)
export type InstantTestCode = v.InferOutput<typeof InstantTestCodeSchema>

/** The phases of a test, in the order they run. */
export const INSTANT_TEST_PHASES = ['latency', 'download', 'upload'] as const
export const InstantTestPhaseSchema = v.picklist(INSTANT_TEST_PHASES)
export type InstantTestPhase = v.InferOutput<typeof InstantTestPhaseSchema>

/**
 * Websocket close codes (application range 4000-4999); the close reason is the code's name.
 * A refused socket is never reopened automatically: the client renews its token first.
 */
export const INSTANT_TEST_CLOSE = {
  /** A message that is not JSON or not one of the client messages below. */
  BAD_MESSAGE: 4400,
  /** The auth message was missing, forged, or its token expired (reason says which). */
  UNAUTHENTICATED: 4401,
  /** No auth message arrived in time. */
  AUTH_TIMEOUT: 4408,
} as const

/** The reason string of a refused socket's close frame. */
export const InstantTestCloseReasonSchema = v.picklist([
  'BAD_MESSAGE',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'AUTH_TIMEOUT',
])

/** Seconds the server waits for the auth message before closing the socket. */
export const AUTH_TIMEOUT_SECONDS = 5

/** Seeds 9: after IN_PROGRESS the user waits this long before trying again. */
export const IN_PROGRESS_WAIT_SECONDS = 60

// ── client → server ──────────────────────────────────────────────────────────────────────────

export const AuthMessageSchema = v.object({
  type: v.literal('auth'),
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
})
export type AuthMessage = v.InferOutput<typeof AuthMessageSchema>

export const StartMessageSchema = v.object({
  type: v.literal('start'),
  unitId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  origin: TestOriginSchema,
})
export type StartMessage = v.InferOutput<typeof StartMessageSchema>

export const ClientMessageSchema = v.variant('type', [AuthMessageSchema, StartMessageSchema])
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>

// ── server → client ──────────────────────────────────────────────────────────────────────────

export const AuthenticatedMessageSchema = v.object({ type: v.literal('authenticated') })

export const StartedMessageSchema = v.object({
  type: v.literal('started'),
  testId: v.pipe(v.string(), v.uuid()),
})

export const ProgressMessageSchema = v.object({
  type: v.literal('progress'),
  phase: InstantTestPhaseSchema,
  percent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** The value measured so far: ms for latency, Mbps for download and upload. */
  value: v.optional(v.number()),
})
export type ProgressMessage = v.InferOutput<typeof ProgressMessageSchema>

/** One metric of a finished test (keys of contracts/metrics.ts; speeds Mbps, latency ms, loss %). */
export const InstantTestMetricSchema = v.object({
  metricKey: v.string(),
  metricValue: v.nullable(v.number()),
})
export type InstantTestMetric = v.InferOutput<typeof InstantTestMetricSchema>

export const ResultMessageSchema = v.object({
  type: v.literal('result'),
  testId: v.pipe(v.string(), v.uuid()),
  results: v.array(InstantTestMetricSchema),
})
export type ResultMessage = v.InferOutput<typeof ResultMessageSchema>

export const ErrorMessageSchema = v.object({
  type: v.literal('error'),
  code: InstantTestCodeSchema,
})
export type ErrorMessage = v.InferOutput<typeof ErrorMessageSchema>

export const ServerMessageSchema = v.variant('type', [
  AuthenticatedMessageSchema,
  StartedMessageSchema,
  ProgressMessageSchema,
  ResultMessageSchema,
  ErrorMessageSchema,
])
export type ServerMessage = v.InferOutput<typeof ServerMessageSchema>

// ── REST: GET /api/trigger-testing/units/:unitId/tests?page&per_page ────────────────────────────

export const INSTANT_TEST_HISTORY_MAX_PER_PAGE = 100
export const INSTANT_TEST_HISTORY_DEFAULT_PER_PAGE = 10

export const InstantTestHistoryQuerySchema = v.object(
  pagingEntries({
    perPage: INSTANT_TEST_HISTORY_DEFAULT_PER_PAGE,
    maxPerPage: INSTANT_TEST_HISTORY_MAX_PER_PAGE,
    maxPage: 100_000,
  }),
)

export const InstantTestStatusSchema = v.picklist(['running', 'succeeded', 'failed'])
export type InstantTestStatus = v.InferOutput<typeof InstantTestStatusSchema>

export const InstantTestRunSchema = v.object({
  testId: v.string(),
  unitId: v.number(),
  status: InstantTestStatusSchema,
  /** The seeds 8.4 code of a failed test, else null. */
  code: v.nullable(InstantTestCodeSchema),
  origin: TestOriginSchema,
  kind: InstantTestKindSchema,
  /** ISO times. */
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  results: v.array(InstantTestMetricSchema),
  /** Bytes the test moved over the line (seeds: data usage). */
  bytes: v.number(),
})
export type InstantTestRun = v.InferOutput<typeof InstantTestRunSchema>

export const InstantTestHistoryResponseSchema = v.object({
  data: v.array(InstantTestRunSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type InstantTestHistoryResponse = v.InferOutput<typeof InstantTestHistoryResponseSchema>
