import { describe, expect, it } from 'vitest'
import type { SubmitFailure, SubmitStatus } from '../../../forms'
import { packageUpdateMessage, type PackageUpdateMessage } from './package-update'

describe('packageUpdateMessage', () => {
  it.each<{
    case: string
    hasCountry: boolean
    status: SubmitStatus
    failure: SubmitFailure | null
    expected: PackageUpdateMessage
  }>([
    { case: 'nothing sent yet', hasCountry: true, status: 'idle', failure: null, expected: 'none' },
    { case: 'no country', hasCountry: false, status: 'idle', failure: null, expected: 'noCountry' },
    { case: 'saved', hasCountry: true, status: 'success', failure: null, expected: 'success' },
    {
      case: 'the server says no country',
      hasCountry: true,
      status: 'failed',
      failure: { kind: 'other', code: 'UNIT_HAS_NO_COUNTRY' },
      expected: 'noCountry',
    },
    {
      case: 'the server could not update',
      hasCountry: true,
      status: 'failed',
      failure: { kind: 'other', code: 'INTERNAL' },
      expected: 'cannotUpdate',
    },
    {
      case: 'a failure without a code',
      hasCountry: true,
      status: 'failed',
      failure: { kind: 'other' },
      expected: 'cannotUpdate',
    },
    {
      case: 'offline',
      hasCountry: true,
      status: 'failed',
      failure: { kind: 'offline' },
      expected: 'offline',
    },
    {
      case: 'a field refused',
      hasCountry: true,
      status: 'invalid',
      failure: null,
      expected: 'none',
    },
  ])('$case: $expected', ({ hasCountry, status, failure, expected }) => {
    expect(packageUpdateMessage(hasCountry, status, failure)).toBe(expected)
  })
})
