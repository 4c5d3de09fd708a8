import * as v from 'valibot'
import { HC_REQUEST_LIMITS, type HcLocale } from '#contracts/help-centre.ts'
import type { HcRequestBody, HelpRequestFields } from './request-draft'

/** The form's fields, in form order (the first one in error takes focus). */
export const REQUEST_FIELDS = ['name', 'email', 'subject', 'body'] as const
export type RequestField = (typeof REQUEST_FIELDS)[number]
export type RequestFieldCodes = Partial<Record<RequestField, string>>

/** Longest value of each field (the service's limits). */
export const REQUEST_LIMITS: Record<RequestField, number> = {
  name: HC_REQUEST_LIMITS.name,
  email: 254,
  subject: HC_REQUEST_LIMITS.subject,
  body: HC_REQUEST_LIMITS.body,
}

const EmailSchema = v.pipe(v.string(), v.email())

/** Seeds 5 client rules: every field is required, the email must look valid, lengths are bounded. */
export function validateHelpRequest(fields: HelpRequestFields): RequestFieldCodes {
  const codes: RequestFieldCodes = {}
  for (const field of REQUEST_FIELDS) {
    const value = fields[field].trim()
    if (value === '') codes[field] = 'MISSING'
    // As the service says it (seeds 8.2: a value over its limit is INVALID).
    else if (value.length > REQUEST_LIMITS[field]) codes[field] = 'INVALID'
    else if (field === 'email' && !v.is(EmailSchema, value)) codes[field] = 'INVALID'
  }
  return codes
}

/** The form field a server error names ("request.requester.email", "comment.body"), or null. */
export function fieldOfServerError(name: string): RequestField | null {
  const last = name.split('.').pop() ?? ''
  return (REQUEST_FIELDS as readonly string[]).includes(last) ? (last as RequestField) : null
}

/** The POST requests body of a filled form (seeds 7.5: priority low; tags say where it came from). */
export function buildHcRequest(fields: HelpRequestFields, locale: HcLocale): HcRequestBody {
  return {
    request: {
      requester: { name: fields.name.trim(), email: fields.email.trim() },
      subject: fields.subject.trim(),
      comment: { body: fields.body.trim() },
      priority: 'low',
      tags: ['help_centre', `hc_${locale}`],
    },
  }
}
