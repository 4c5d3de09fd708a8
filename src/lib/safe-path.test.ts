import { describe, expect, it } from 'vitest'
import { safeContinuePath } from './safe-path'

const ORIGIN = 'https://whitebox.example'

describe('safeContinuePath', () => {
  it.each([
    { raw: '/dashboard', expected: '/dashboard' },
    { raw: '/units/search?showResults=true#top', expected: '/units/search?showResults=true#top' },
    { raw: 'https://whitebox.example/analytics', expected: null },
    { raw: '//evil.example/x', expected: null },
    { raw: '/\\evil.example', expected: null },
    { raw: 'https://evil.example/', expected: null },
    { raw: 'javascript:alert(1)', expected: null },
    { raw: 'dashboard', expected: null },
    { raw: '/login?continue=/x', expected: null },
    { raw: '/logout', expected: null },
    { raw: '/loginhelp', expected: '/loginhelp' },
    { raw: '', expected: null },
    { raw: undefined, expected: null },
    { raw: 42, expected: null },
    // Dot segments that normalise into an empty first segment stay on this origin.
    { raw: '/.//evil.example', expected: '/evil.example' },
    { raw: '/./\\evil.example', expected: '/evil.example' },
    { raw: '/..//evil.example/x?y#z', expected: '/evil.example/x?y#z' },
    { raw: '/a/..//evil.example', expected: '/evil.example' },
    { raw: '/%2e//evil.example', expected: '/evil.example' },
    { raw: '/.%2f/evil.example', expected: '/.%2f/evil.example' },
    { raw: '/.//login', expected: null },
    { raw: '/\t/evil.example', expected: null },
  ])('$raw → $expected', ({ raw, expected }) => {
    expect(safeContinuePath(raw, ORIGIN)).toBe(expected)
  })
})
