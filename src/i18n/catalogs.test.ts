import { describe, expect, it } from 'vitest'
import { LOCALES } from '#contracts/locales.ts'

// The raw .po text of every catalog, read by Vite (not compiled), so the check sees what translators wrote.
const raw = import.meta.glob<string>('../../locales/*/messages.po', {
  query: '?raw',
  import: 'default',
  eager: true,
})

type Entry = { id: string; str: string }

function parsePo(text: string): Entry[] {
  const entries: Entry[] = []
  const unquote = (s: string) => JSON.parse(s) as string
  let id: string | null = null
  let field: 'id' | 'str' | null = null
  let str = ''
  const flush = () => {
    if (id !== null && id !== '') entries.push({ id, str })
    id = null
    str = ''
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush()
      id = unquote(line.slice(6))
      field = 'id'
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7))
      field = 'str'
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id = (id ?? '') + unquote(line)
      else str += unquote(line)
    }
  }
  flush()
  return entries
}

function catalog(code: string): Entry[] {
  const text = raw[`../../locales/${code}/messages.po`]
  if (text === undefined) throw new Error(`no catalog for ${code}`)
  return parsePo(text)
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort()

describe('message catalogs', () => {
  const source = catalog('en-GB')

  it('the source catalog has messages', () => {
    expect(source.length).toBeGreaterThan(100)
  })

  it.each(LOCALES.filter((l) => l.code !== 'en-GB').map((l) => l.code))(
    '%s translates every source message, keeping its placeholders',
    (code) => {
      const entries = new Map(catalog(code).map((e) => [e.id, e.str]))
      const missing = source.filter((e) => !entries.get(e.id))
      expect(missing.map((e) => e.id)).toEqual([])
      const broken = source.filter(
        (e) =>
          JSON.stringify([...new Set(placeholders(entries.get(e.id) ?? ''))]) !==
          JSON.stringify([...new Set(placeholders(e.id))]),
      )
      expect(broken.map((e) => e.id)).toEqual([])
    },
  )

  // The dashboard formats its numbers with Intl (Arabic-Indic digits in ar-SA): the periods written
  // into the same sentences must not bring Western digits beside them.
  it.each(['in the last 24 hours', 'in the last 7 days', 'in the last 14 days'])(
    'ar-SA writes the digits of "%s" as the dashboard\'s numbers are written',
    (id) => {
      const str = new Map(catalog('ar-SA').map((e) => [e.id, e.str])).get(id) ?? ''
      expect(str).toMatch(/[\u0660-\u0669]/)
      expect(str).not.toMatch(/[0-9]/)
    },
  )
})
