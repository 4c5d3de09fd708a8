import { describe, expect, it } from 'vitest'
import { LOCALES } from '#contracts/locales.ts'

// The raw .po text of every catalog (not compiled): what translators wrote.
const raw = import.meta.glob<string>('../../locales/*/messages.po', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Every msgstr line of a catalog (continuation lines included). */
function translations(code: string): string[] {
  const text = raw[`../../locales/${code}/messages.po`] ?? ''
  const lines: string[] = []
  let inStr = false
  for (const line of text.split('\n')) {
    if (line.startsWith('msgstr ')) inStr = true
    else if (!line.startsWith('"')) inStr = false
    if (inStr) lines.push(line)
  }
  return lines
}

// A name quoted in a sentence (“{label}”, «{query}»): its direction must be isolated (U+2068 …
// U+2069), else an English unit name inside Arabic reads «Whitebox «Living room جهاز. The source
// catalog keeps its ids as written (the e2e journeys and tests find names by them).
const QUOTED = /[“«"„‹][\s\u00a0]?(\u2068?)\{\w+\}(\u2069?)[\s\u00a0]?[”»"“›]/g

describe('names quoted in translated sentences', () => {
  it.each(LOCALES.filter((l) => l.code !== 'en-GB').map((l) => l.code))(
    '%s isolates every quoted placeholder',
    (code) => {
      const bare = translations(code).flatMap((line) =>
        [...line.matchAll(QUOTED)].filter((m) => m[1] === '' || m[2] === '').map((m) => m[0]),
      )
      expect(translations(code).length).toBeGreaterThan(100)
      expect(bare).toEqual([])
    },
  )
})
