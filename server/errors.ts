import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { ApiErrorBody, FieldErrorValues } from '../contracts/errors.ts'
import { CommonCodes } from '../contracts/errors.ts'

/** An error with an HTTP status and a stable code: the only way handlers refuse a request. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly data: Record<string, unknown> | undefined
  readonly errors: Record<string, string[]> | undefined
  readonly values: FieldErrorValues | undefined
  readonly headers: Record<string, string>

  constructor(
    statusCode: number,
    code: string,
    extra: {
      data?: Record<string, unknown>
      errors?: Record<string, string[]>
      values?: FieldErrorValues
      headers?: Record<string, string>
    } = {},
  ) {
    super(code)
    this.statusCode = statusCode
    this.code = code
    this.data = extra.data
    this.errors = extra.errors
    this.values = extra.values
    this.headers = extra.headers ?? {}
  }

  /** The JSON body the client receives. */
  body(): ApiErrorBody {
    return {
      code: this.code,
      ...(this.data ? { data: this.data } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.values ? { values: this.values } : {}),
    }
  }
}

/**
 * A 400 VALIDATION_FAIL with field errors, e.g. `{ password: ['PASSWORD_UNCHANGED'] }`, and the
 * values of the codes that carry one (`{ password: { LENGTH_MIN: 10 } }`).
 */
export function validationFail(
  errors: Record<string, string[]>,
  values?: FieldErrorValues,
): HttpError {
  const hasValues = values !== undefined && Object.keys(values).length > 0
  return new HttpError(400, CommonCodes.VALIDATION_FAIL, {
    errors,
    ...(hasValues ? { values } : {}),
  })
}

/** The seeds' form code (8.2) for one valibot issue, with the length it asked for if any. */
function codeOf(issue: v.BaseIssue<unknown>): { code: string; value?: number } {
  if (issue.input === undefined && issue.path?.length) return { code: CommonCodes.MISSING }
  const requirement = typeof issue.requirement === 'number' ? issue.requirement : undefined
  switch (issue.type) {
    case 'min_length':
      return { code: CommonCodes.LENGTH_MIN, value: requirement }
    case 'length':
      return { code: CommonCodes.LENGTH_EXACT, value: requirement }
    case 'max_length':
      // A schema opts into LENGTH_MAX by naming it as the issue's message; other limits stay INVALID.
      return issue.message === CommonCodes.LENGTH_MAX
        ? { code: CommonCodes.LENGTH_MAX, value: requirement }
        : { code: CommonCodes.INVALID }
    default:
      return { code: CommonCodes.INVALID }
  }
}

/**
 * Field name → codes, and the values LENGTH_MIN, LENGTH_EXACT and LENGTH_MAX carry (the first's);
 * issues about the whole input are filed under `body`.
 */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): {
  errors: Record<string, string[]>
  values: FieldErrorValues
} {
  const errors: Record<string, string[]> = {}
  const values: FieldErrorValues = {}
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body'
    const { code, value } = codeOf(issue)
    const list = (errors[field] ??= [])
    if (!list.includes(code)) list.push(code)
    if (value !== undefined) {
      const fieldValues = (values[field] ??= {})
      fieldValues[code] ??= value
    }
  }
  return { errors, values }
}

/** Field name → codes; issues about the whole input are filed under `body`. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  return issuesToFieldErrors(issues).errors
}

/** Parses `input` with a shared contract schema, or throws 400 VALIDATION_FAIL. */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) {
    const { errors, values } = issuesToFieldErrors(result.issues)
    throw validationFail(errors, values)
  }
  return result.output
}

function transportCode(statusCode: number): string {
  if (statusCode === 413) return CommonCodes.PAYLOAD_TOO_LARGE
  if (statusCode === 429) return CommonCodes.RATE_LIMITED
  if (statusCode === 404) return CommonCodes.NOT_FOUND
  return CommonCodes.BAD_REQUEST
}

/**
 * Whether an error came from reading the request's body rather than from the server: any of
 * Fastify's content-type parser errors (malformed or empty JSON, unsupported type, too large), or
 * a SyntaxError or RangeError (JSON nested too deep for the parser's stack) thrown while a body
 * that came along was still unparsed. Such a request is refused with 400, never 500.
 */
export function isBodyError(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) return true
  const sentBody =
    request.headers['content-length'] !== undefined ||
    request.headers['transfer-encoding'] !== undefined
  return (
    sentBody &&
    request.body === undefined &&
    (error instanceof SyntaxError || error instanceof RangeError)
  )
}

/** The single error handler: stable codes for every refusal, no internals in a 5xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body())
      }
      const bodyError = isBodyError(error, request)
      const given = typeof error.statusCode === 'number' ? error.statusCode : undefined
      const statusCode =
        given !== undefined && given >= 400 && given < 600 ? given : bodyError ? 400 : 500
      if (statusCode >= 400 && statusCode < 500) {
        request.log.info({ code: error.code, message: error.message }, 'request refused')
        return reply.code(statusCode).send({ code: transportCode(statusCode) })
      }
      request.log.error(error)
      return reply.code(500).send({ code: CommonCodes.INTERNAL })
    },
  )
}
