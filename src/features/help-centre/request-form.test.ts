import { describe, expect, it } from 'vitest'
import { buildHcRequest, fieldOfServerError, validateHelpRequest } from './request-form'

const FILLED = { name: 'Ana', email: 'ana@example.com', subject: 'S', body: 'B' }

describe('validateHelpRequest', () => {
  it.each([
    { name: 'a filled form', fields: FILLED, codes: {} },
    {
      name: 'every field missing',
      fields: { name: '', email: ' ', subject: '', body: '\n' },
      codes: { name: 'MISSING', email: 'MISSING', subject: 'MISSING', body: 'MISSING' },
    },
    { name: 'an invalid email', fields: { ...FILLED, email: 'ana@' }, codes: { email: 'INVALID' } },
    {
      name: 'spaces around an email',
      fields: { ...FILLED, email: ' ana@example.com ' },
      codes: {},
    },
    {
      name: 'a subject over 150 characters',
      fields: { ...FILLED, subject: 'x'.repeat(151) },
      codes: { subject: 'INVALID' },
    },
    { name: 'a name of 100 characters', fields: { ...FILLED, name: 'x'.repeat(100) }, codes: {} },
  ])('$name', ({ fields, codes }) => {
    expect(validateHelpRequest(fields)).toEqual(codes)
  })
})

describe('fieldOfServerError', () => {
  it.each([
    { error: 'request.requester.email', field: 'email' },
    { error: 'requester.name', field: 'name' },
    { error: 'request.comment.body', field: 'body' },
    { error: 'subject', field: 'subject' },
    { error: 'request.tags', field: null },
  ])('$error', ({ error, field }) => {
    expect(fieldOfServerError(error)).toBe(field)
  })
})

describe('buildHcRequest', () => {
  it('trims, sets priority low and tags the locale', () => {
    expect(buildHcRequest({ ...FILLED, name: ' Ana ', body: ' B\n' }, 'fr-ca')).toEqual({
      request: {
        requester: { name: 'Ana', email: 'ana@example.com' },
        subject: 'S',
        comment: { body: 'B' },
        priority: 'low',
        tags: ['help_centre', 'hc_fr-ca'],
      },
    })
  })
})
