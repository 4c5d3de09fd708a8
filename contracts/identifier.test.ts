import { describe, expect, it } from 'vitest'
import { classifyIdentifier, normaliseMac, parseIdentifier } from './identifier.ts'

describe('classifyIdentifier (seeds 001 §5)', () => {
  it.each([
    // MAC: six hex pairs, optional . : - separators
    { term: 'AA:BB:CC:DD:EE:FF', kind: 'mac' },
    { term: 'aa:bb:cc:dd:ee:ff', kind: 'mac' },
    { term: 'Aa:bB:cC:Dd:eE:Ff', kind: 'mac' },
    { term: 'aa-bb-cc-dd-ee-ff', kind: 'mac' },
    { term: 'aa.bb.cc.dd.ee.ff', kind: 'mac' },
    { term: 'aabb.ccdd.eeff', kind: 'mac' },
    { term: 'AABB.CCDD.EEFF', kind: 'mac' },
    { term: 'aabbccddeeff', kind: 'mac' },
    { term: 'aa:bb-cc.dd:ee-ff', kind: 'mac' },
    { term: 'aabb:ccdd-eeff', kind: 'mac' },
    { term: 'D8:4F:B8:10:00:01', kind: 'mac' },
    // twelve digits are six hex pairs: a MAC (no unit id is that long)
    { term: '001122334455', kind: 'mac' },
    { term: '00:11:22:33:44:55', kind: 'mac' },
    // not a MAC: pair count, stray or doubled separators, other separators, non-hex
    { term: 'aa:bb:cc:dd:ee', kind: 'unclassified' },
    { term: 'aa:bb:cc:dd:ee:ff:00', kind: 'unclassified' },
    { term: 'aabbccddeeff00', kind: 'unclassified' },
    { term: 'aabbccddeef', kind: 'unclassified' },
    { term: 'aa::bb:cc:dd:ee:ff', kind: 'unclassified' },
    { term: ':aa:bb:cc:dd:ee:ff', kind: 'unclassified' },
    { term: 'aa:bb:cc:dd:ee:ff:', kind: 'unclassified' },
    { term: 'a:abb:cc:dd:ee:ff', kind: 'unclassified' },
    { term: 'aab.bcc.dde.eff', kind: 'unclassified' },
    { term: 'aa bb cc dd ee ff', kind: 'unclassified' },
    { term: 'aa_bb_cc_dd_ee_ff', kind: 'unclassified' },
    { term: 'aa/bb/cc/dd/ee/ff', kind: 'unclassified' },
    { term: 'aa\u2010bb\u2010cc\u2010dd\u2010ee\u2010ff', kind: 'unclassified' },
    { term: 'gg:bb:cc:dd:ee:ff', kind: 'unclassified' },
    { term: '０１:２３:４５:６７:８９:ab', kind: 'unclassified' },
    // email: {something}@{something}, no spaces
    { term: 'engineer@example.com', kind: 'email' },
    { term: 'Engineer@Example.COM', kind: 'email' },
    { term: 'a@b', kind: 'email' },
    { term: 'first.last+tag@sub.example.co.uk', kind: 'email' },
    { term: 'مهندس@example.sa', kind: 'email' },
    { term: '123@456', kind: 'email' },
    { term: 'aa:bb@cc', kind: 'email' },
    { term: '@example.com', kind: 'unclassified' },
    { term: 'engineer@', kind: 'unclassified' },
    { term: '@', kind: 'unclassified' },
    { term: 'a@b@c', kind: 'unclassified' },
    { term: 'engi neer@example.com', kind: 'unclassified' },
    { term: 'engineer@exa\tmple.com', kind: 'unclassified' },
    { term: 'engineer@example.com\u00a0', kind: 'unclassified' },
    { term: 'engineer@example.com\n', kind: 'unclassified' },
    // id: all digits (ASCII, Arabic-Indic, Extended Arabic-Indic)
    { term: '1', kind: 'id' },
    { term: '0', kind: 'id' },
    { term: '42', kind: 'id' },
    { term: '007', kind: 'id' },
    { term: '2147483648', kind: 'id' },
    { term: '12345678901', kind: 'id' },
    { term: '1234567890123', kind: 'id' },
    { term: '٤٢', kind: 'id' },
    { term: '۴۲', kind: 'id' },
    { term: '4٢', kind: 'id' },
    { term: '-1', kind: 'unclassified' },
    { term: '+1', kind: 'unclassified' },
    { term: '1.5', kind: 'unclassified' },
    { term: '1e3', kind: 'unclassified' },
    { term: '1 000', kind: 'unclassified' },
    { term: '４２', kind: 'unclassified' },
    { term: '४२', kind: 'unclassified' },
    { term: '𝟒𝟐', kind: 'unclassified' },
    // anything else: the serial printed on the label, names, nothing at all
    { term: 'WB00000012', kind: 'unclassified' },
    { term: 'wb0000', kind: 'unclassified' },
    { term: 'Living room', kind: 'unclassified' },
    { term: '', kind: 'unclassified' },
    { term: '   ', kind: 'unclassified' },
  ] as const)('"$term" → $kind', ({ term, kind }) => {
    expect(classifyIdentifier(term)).toBe(kind)
  })

  it.each([
    { term: '  42  ', trimmed: 'id' },
    { term: '\tengineer@example.com\n', trimmed: 'email' },
    { term: ' aa:bb:cc:dd:ee:ff ', trimmed: 'mac' },
    { term: '\u00a0WB00000012\u00a0', trimmed: 'unclassified' },
  ] as const)('"$term" is unclassified as typed and $trimmed when trimmed', ({ term, trimmed }) => {
    expect(classifyIdentifier(term)).toBe('unclassified')
    expect(classifyIdentifier(term, { trim: true })).toBe(trimmed)
    expect(classifyIdentifier(term, { trim: false })).toBe('unclassified')
  })

  it('reads very long terms quickly and as what they are', () => {
    const started = performance.now()
    expect(classifyIdentifier('9'.repeat(100_000))).toBe('id')
    expect(classifyIdentifier('a'.repeat(100_000))).toBe('unclassified')
    expect(classifyIdentifier(`${'a'.repeat(100_000)}@b`)).toBe('email')
    expect(classifyIdentifier(`${'a'.repeat(100_000)} @b`)).toBe('unclassified')
    expect(classifyIdentifier('aa:'.repeat(50_000))).toBe('unclassified')
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('normaliseMac', () => {
  it.each([
    { term: 'aa:bb:cc:dd:ee:ff', mac: 'AA:BB:CC:DD:EE:FF' },
    { term: 'AA-BB-CC-DD-EE-FF', mac: 'AA:BB:CC:DD:EE:FF' },
    { term: 'aabb.ccdd.eeff', mac: 'AA:BB:CC:DD:EE:FF' },
    { term: 'aabbccddeeff', mac: 'AA:BB:CC:DD:EE:FF' },
    { term: 'd8:4f-b8.10:00-2a', mac: 'D8:4F:B8:10:00:2A' },
    { term: '001122334455', mac: '00:11:22:33:44:55' },
    { term: 'aa:bb:cc:dd:ee', mac: null },
    { term: 'aa:bb:cc:dd:ee:ff:00', mac: null },
    { term: ' aa:bb:cc:dd:ee:ff', mac: null },
    { term: 'aa::bb:cc:dd:ee:ff', mac: null },
    { term: 'zz:bb:cc:dd:ee:ff', mac: null },
    { term: '', mac: null },
  ] as const)('"$term" → $mac', ({ term, mac }) => {
    expect(normaliseMac(term)).toBe(mac)
  })
})

describe('parseIdentifier (canonical values for lookups)', () => {
  it.each([
    { term: 'aabb.ccdd.eeff', kind: 'mac', value: 'AA:BB:CC:DD:EE:FF' },
    { term: 'Engineer@Example.COM', kind: 'email', value: 'engineer@example.com' },
    { term: '42', kind: 'id', value: '42' },
    { term: '00042', kind: 'id', value: '42' },
    { term: '0', kind: 'id', value: '0' },
    { term: '000', kind: 'id', value: '0' },
    { term: '٠٠٤٢', kind: 'id', value: '42' },
    { term: '۱۲۳', kind: 'id', value: '123' },
    { term: '١٢٣٤٥٦٧٨٩٠', kind: 'id', value: '1234567890' },
    { term: 'wb00000012', kind: 'unclassified', value: 'wb00000012' },
    { term: ' 42 ', kind: 'unclassified', value: ' 42 ' },
  ] as const)('"$term" → $kind $value', ({ term, kind, value }) => {
    expect(parseIdentifier(term)).toEqual({ kind, value })
  })

  it('returns the trimmed value when asked to trim', () => {
    expect(parseIdentifier('  WB00000012 ', { trim: true })).toEqual({
      kind: 'unclassified',
      value: 'WB00000012',
    })
    expect(parseIdentifier(' 0042 ', { trim: true })).toEqual({ kind: 'id', value: '42' })
  })
})
