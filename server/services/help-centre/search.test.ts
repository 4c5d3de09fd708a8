import { describe, expect, it } from 'vitest'
import { fold, foldText, rankArticles, searchTerms, snippet, SNIPPET_LENGTH } from './search.ts'

describe('fold', () => {
  it.each([
    { input: 'Déconnexions', folded: 'deconnexions' },
    { input: 'ÇA GÈLE', folded: 'ca gele' },
    { input: 'l’appareil', folded: "l'appareil" },
    { input: 'Cœur', folded: 'coeur' },
    { input: 'إعادة', folded: 'اعاده' },
    { input: 'أحمد آمن مؤشر قائمة', folded: 'احمد امن موشر قايمه' },
    { input: 'مُستوى', folded: 'مستوي' },
    { input: 'الـــراوتر', folded: 'الراوتر' },
    { input: '٣٠ دقيقة', folded: '30 دقيقه' },
    { input: 'ﻻ', folded: 'لا' },
    { input: 'Ｗｉ－Ｆｉ', folded: 'wi-fi' },
  ])('$input → $folded', ({ input, folded }) => {
    expect(fold(input).text).toBe(folded)
  })

  it('folds the same with and without the position map', () => {
    const samples = [
      'Déconnexions ÇA l’appareil Cœur Æ',
      'إعادة تعيين كَلمة المرور ـ ٣٠ ۴۵ ﻻ ٱ ى',
      'Ｗｉ－Ｆｉ İstanbul ß ﬁ',
    ]
    for (const sample of samples) expect(foldText(sample)).toBe(fold(sample).text)
  })

  it('maps every folded character back to its original span', () => {
    const text = 'Cœur é😀ا'
    const folded = fold(text)
    const at = folded.text.indexOf(' e') + 1
    expect(text.slice(folded.start[at], folded.end[at])).toBe('é')
    const oe = folded.text.indexOf('oe')
    expect(text.slice(folded.start[oe], folded.end[oe + 1])).toBe('œ')
    const emoji = folded.text.indexOf('😀')
    expect(text.slice(folded.start[emoji], folded.end[emoji + 1])).toBe('😀')
  })
})

describe('searchTerms', () => {
  it.each([
    { query: 'Reset  PASSWORD?', terms: ['reset', 'password'] },
    { query: '<script>alert(1)</script>', terms: ['script', 'alert', '1'] },
    { query: 'Wi-Fi vs. l’appareil', terms: ['wi-fi', 'vs', "l'appareil"] },
    { query: '--- !!! …', terms: [] },
    { query: 'a a A', terms: ['a'] },
    { query: 'كلمة المرور', terms: ['كلمه', 'المرور'] },
    {
      query: Array.from({ length: 15 }, (_, i) => `w${String(i)}`).join(' '),
      terms: Array.from({ length: 10 }, (_, i) => `w${String(i)}`),
    },
  ])('$query → $terms', ({ query, terms }) => {
    expect(searchTerms(query)).toEqual(terms)
  })
})

describe('rankArticles', () => {
  const candidates = [
    { title: 'Lights', text: 'The router light and the router port.', order: 0 },
    { title: 'Router changes', text: 'Move the cable.', order: 1 },
    { title: 'Moving house', text: 'Take your router with you.', order: 2 },
    { title: 'Change the router port', text: 'Use LAN.', order: 3 },
    { title: 'Nothing here', text: 'Unrelated words.', order: 4 },
  ]
  const ids = (terms: string[]) => rankArticles(candidates, terms).map((hit) => hit.candidate.order)

  it.each([
    { terms: ['router'], expected: [1, 3, 0, 2] },
    { terms: ['router', 'port'], expected: [3, 0] },
    { terms: ['router', 'changes'], expected: [1] },
    { terms: ['change', 'router'], expected: [1, 3] },
    { terms: ['absent'], expected: [] },
    { terms: [], expected: [] },
  ])('$terms → $expected', ({ terms, expected }) => {
    expect(ids(terms)).toEqual(expected)
  })
})

describe('snippet', () => {
  it('highlights every match and escapes the rest', () => {
    expect(snippet('Use <b> & the router, then the Router.', ['router'])).toBe(
      'Use &lt;b&gt; &amp; the <em>router</em>, then the <em>Router</em>.',
    )
  })

  it('highlights the original spelling of folded matches', () => {
    expect(snippet('Les déconnexions courtes', ['deconnexions'])).toBe(
      'Les <em>déconnexions</em> courtes',
    )
    expect(snippet('افتح قائمةَ الحساب', ['قايمه'])).toBe('افتح <em>قائمةَ</em> الحساب')
  })

  it('centres on the whole query, else on the rarest word, with ellipses at cuts', () => {
    const filler = 'word '.repeat(80)
    const text = `tests ${filler}skipped tests here ${filler}end`
    const result = snippet(text, ['skipped', 'tests'])
    expect(result.startsWith('…')).toBe(true)
    expect(result.endsWith('…')).toBe(true)
    expect(result).toContain('<em>skipped</em> <em>tests</em> here')
    expect(result.replace(/<\/?em>|…/g, '').length).toBeLessThanOrEqual(SNIPPET_LENGTH)
  })

  it('shows the start of the text when only the title matched', () => {
    expect(snippet('Plain body text.', ['absent'])).toBe('Plain body text.')
    const long = `${'x '.repeat(150)}end`
    expect(snippet(long, ['absent']).endsWith('…')).toBe(true)
  })
})
