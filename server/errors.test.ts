import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { HttpError, issuesToFieldErrors, validate } from './errors.ts'

const Schema = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  password: v.pipe(v.string(), v.minLength(10)),
  postcode: v.pipe(v.string(), v.length(5)),
  email: v.pipe(v.string(), v.email()),
})
const valid = { name: 'Ana', password: 'long enough!', postcode: '12345', email: 'a@b.example' }

function refusal(input: unknown): HttpError {
  try {
    validate(Schema, input)
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('validate accepted the input')
}

describe('validation errors carry the value of LENGTH_MIN and LENGTH_EXACT (seeds 8.2)', () => {
  it.each([
    {
      case: 'a short password: LENGTH_MIN 10',
      input: { ...valid, password: 'short' },
      errors: { password: ['LENGTH_MIN'] },
      values: { password: { LENGTH_MIN: 10 } },
    },
    {
      case: 'a blank required field: LENGTH_MIN 1',
      input: { ...valid, name: '' },
      errors: { name: ['LENGTH_MIN'] },
      values: { name: { LENGTH_MIN: 1 } },
    },
    {
      case: 'a postcode of the wrong length: LENGTH_EXACT 5',
      input: { ...valid, postcode: '123' },
      errors: { postcode: ['LENGTH_EXACT'] },
      values: { postcode: { LENGTH_EXACT: 5 } },
    },
    {
      case: 'codes without a value list none',
      input: { ...valid, email: 'nope', name: undefined },
      errors: { email: ['INVALID'], name: ['MISSING'] },
      values: undefined,
    },
  ])('$case', ({ input, errors, values }) => {
    const error = refusal(input)
    expect(error.statusCode).toBe(400)
    expect(error.body()).toEqual({
      code: 'VALIDATION_FAIL',
      errors,
      ...(values ? { values } : {}),
    })
  })

  it('keeps the first value when one field breaks two length rules', () => {
    const Two = v.object({ code: v.pipe(v.string(), v.minLength(4), v.length(6)) })
    const result = v.safeParse(Two, { code: 'ab' })
    if (result.success) throw new Error('parsed')
    expect(issuesToFieldErrors(result.issues)).toEqual({
      errors: { code: ['LENGTH_MIN', 'LENGTH_EXACT'] },
      values: { code: { LENGTH_MIN: 4, LENGTH_EXACT: 6 } },
    })
  })
})

describe('LENGTH_MAX where a schema asks for it (contracts/admin.ts groupName)', () => {
  it.each([
    {
      case: 'a limit that names LENGTH_MAX: the code and its value',
      schema: v.object({ name: v.pipe(v.string(), v.maxLength(5, 'LENGTH_MAX')) }),
      expected: { errors: { name: ['LENGTH_MAX'] }, values: { name: { LENGTH_MAX: 5 } } },
    },
    {
      case: 'any other limit stays INVALID',
      schema: v.object({ name: v.pipe(v.string(), v.maxLength(5)) }),
      expected: { errors: { name: ['INVALID'] }, values: {} },
    },
  ])('$case', ({ schema, expected }) => {
    const result = v.safeParse(schema, { name: 'too long' })
    if (result.success) throw new Error('parsed')
    expect(issuesToFieldErrors(result.issues)).toEqual(expected)
  })
})
