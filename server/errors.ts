import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { ApiErrorBody } from '../contracts/errors.ts'
import { CommonCodes } from '../contracts/errors.ts'

/** An error with an HTTP status and a stable code: the only way handlers refuse a request. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly data: Record<string, unknown> | undefined
  readonly errors: Record<string, string[]> | undefined
  readonly headers: Record<string, string>

  constructor(
    statusCode: number,
    code: string,
    extra: {
      data?: Record<string, unknown>
      errors?: Record<string, string[]>
      headers?: Record<string, string>
    } = {},
  ) {
    super(code)
    this.statusCode = statusCode
    this.code = code
    this.data = extra.data
    this.errors = extra.errors
    this.headers = extra.headers ?? {}
  }

  /** The JSON body the client receives. */
  body(): ApiErrorBody {
    return {
      code: this.code,
      ...(this.data ? { data: this.data } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    }
  }
}

/** A 400 VALIDATION_FAIL with field errors, e.g. `{ password: ['PASSWORD_UNCHANGED'] }`. */
export function validationFail(errors: Record<string, string[]>): HttpError {
  return new HttpError(400, CommonCodes.VALIDATION_FAIL, { errors })
}

/** The seeds' form code (8.2) for one valibot issue. */
function codeOf(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined && issue.path?.length) return CommonCodes.MISSING
  switch (issue.type) {
    case 'min_length':
      return CommonCodes.LENGTH_MIN
    case 'length':
      return CommonCodes.LENGTH_EXACT
    default:
      return CommonCodes.INVALID
  }
}

/** Field name → codes; issues about the whole input are filed under `body`. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body'
    const code = codeOf(issue)
    const list = (errors[field] ??= [])
    if (!list.includes(code)) list.push(code)
  }
  return errors
}

/** Parses `input` with a shared contract schema, or throws 400 VALIDATION_FAIL. */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw validationFail(issuesToErrors(result.issues))
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
