import { describe, expect, it } from 'vitest'
import { refusalMessage } from './PendingChanges'

describe('refusalMessage', () => {
  it.each<[string, number, string]>([
    ['PRECONDITION_FAILED', 412, 'This was changed somewhere else in the meantime.'],
    ['SOMETHING_NEW', 412, 'This was changed somewhere else in the meantime.'],
    ['CONFLICT', 409, 'This was changed somewhere else in the meantime.'],
    ['PRESET_IN_USE', 409, 'An alert uses this preset, so it cannot be changed.'],
    ['FORBIDDEN', 403, 'You are not allowed to make this change.'],
    ['VALIDATION_FAIL', 400, 'The server did not accept these values.'],
    ['INTERNAL', 500, 'The server could not save this change.'],
    ['TEAPOT', 418, 'The server refused this change.'],
  ])('%s (%i)', (code, status, message) => {
    expect(refusalMessage({ code, status }).message).toBe(message)
  })
})
