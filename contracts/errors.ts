import * as v from 'valibot'

/**
 * The value a field's code carries, by field then code: the length LENGTH_MIN and LENGTH_EXACT
 * asked for (`{ password: { LENGTH_MIN: 10 } }` beside `errors: { password: ['LENGTH_MIN'] }`),
 * so a form can say "must be at least 10 characters". Codes without a value are not listed.
 */
export const FieldErrorValuesSchema = v.record(
  v.string(),
  v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))),
)
export type FieldErrorValues = v.InferOutput<typeof FieldErrorValuesSchema>

/**
 * Every error the services send: a stable code, optional data (login), field errors (forms) and
 * the values some of those codes carry (FieldErrorValues).
 */
export const ApiErrorBodySchema = v.object({
  code: v.string(),
  message: v.optional(v.string()),
  data: v.optional(v.record(v.string(), v.unknown())),
  errors: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
  values: v.optional(FieldErrorValuesSchema),
})
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>

/** Codes shared by every service (the seeds' form codes of 8.2 plus transport-level ones). */
export const CommonCodes = {
  OK: 'OK',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_FAIL: 'VALIDATION_FAIL',
  BAD_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** 412: the If-Match (or body) version is not the stored one; `data.preset` is the current one. */
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  /** 404: no preset of that id the caller may see (not found and not theirs alike). */
  PRESET_NOT_FOUND: 'PRESET_NOT_FOUND',
  /** 409: an alert uses the preset: it cannot be updated or deleted (seeds 001 §2.1). */
  PRESET_IN_USE: 'PRESET_IN_USE',
  /** 404: no dashboard or report of that id the caller may see (seeds 001 §2.2). */
  DASHBOARD_NOT_FOUND: 'DASHBOARD_NOT_FOUND',
  /** 404: no anomaly collection (or anomaly) of that id on a panel the caller may view (001 §2.3). */
  ANOMALY_NOT_FOUND: 'ANOMALY_NOT_FOUND',
  /** A report needs a name (field `name`, seeds 001 §5). */
  NO_NAME: 'NO_NAME',
  /** A report cannot be empty (field `contents`, seeds 001 §5). */
  NO_CONTENTS: 'NO_CONTENTS',
  /** 422: a chart would hold too many points; export the data instead (seeds 001 §8). */
  TOO_MUCH_DATA: 'TOO_MUCH_DATA',
  /** 421: the request names a host this server is not (DNS rebinding, a misrouted proxy). */
  MISDIRECTED: 'MISDIRECTED',
  INTERNAL: 'INTERNAL',
  MISSING: 'MISSING',
  INVALID: 'INVALID',
  EXISTS: 'EXISTS',
  LENGTH_MIN: 'LENGTH_MIN',
  LENGTH_EXACT: 'LENGTH_EXACT',
  /** Longer than the field takes, with the most it takes (opted into: admin.ts groupName). */
  LENGTH_MAX: 'LENGTH_MAX',
  PASSWORD_UNCHANGED: 'PASSWORD_UNCHANGED',
  INVALID_PASSWORD_FORMAT: 'INVALID_PASSWORD_FORMAT',
  DOES_NOT_MATCH_PASSWORD: 'DOES_NOT_MATCH_PASSWORD',
  EMAIL_NOT_FOUND: 'EMAIL_NOT_FOUND',
} as const

/** The field codes that carry a value (FieldErrorValues): the length the field must reach or have. */
export const VALUED_FIELD_CODES: readonly string[] = [
  CommonCodes.LENGTH_MIN,
  CommonCodes.LENGTH_EXACT,
  CommonCodes.LENGTH_MAX,
]
