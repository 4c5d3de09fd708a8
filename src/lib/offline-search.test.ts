import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  htmlToText,
  pageOf,
  searchArticles,
  searchTerms,
  type SearchableArticle,
} from './offline-search'

const article = (
  id: number,
  title: string,
  body: string,
  categoryId: number | null = 1,
): SearchableArticle => ({ id, title, body, categoryId })

const ARTICLES = [
  article(
    1,
    'Setting up your Whitebox',
    '<p>Plug the Whitebox into your <strong>router</strong>.</p>',
  ),
  article(2, 'Slow Wi-Fi speeds', '<p>Your router may be far away. Move the router.</p>', 2),
  article(3, 'Router lights', '<p>What the lights on the router mean.</p>', 2),
  article(4, 'إعداد جهاز وايت بوكس', '<p>وصِّل الجهاز بالموجِّه عبر كابل إيثرنت.</p>', 3),
  article(5, 'Préférences de courriel', '<p>Gérez les alertes envoyées par courriel.</p>', null),
]

const ids = (hits: { article: SearchableArticle }[]) => hits.map((hit) => hit.article.id)

describe('searchArticles', () => {
  it.each([
    { name: 'every word must occur', query: 'router lights', expected: [3] },
    { name: 'title matches rank first, then body hits', query: 'router', expected: [3, 2, 1] },
    { name: 'case does not matter', query: 'WHITEBOX', expected: [1] },
    { name: 'accents do not matter', query: 'preferences gerez', expected: [5] },
    { name: 'Arabic vowel marks do not matter', query: 'وصل', expected: [4] },
    { name: 'Arabic hamza forms are one letter', query: 'اعداد', expected: [4] },
    { name: 'punctuation splits words', query: 'wi-fi', expected: [2] },
    { name: 'tags are not text', query: 'strong', expected: [] },
    { name: 'nothing matches', query: 'satellite', expected: [] },
    { name: 'an empty query finds nothing', query: '   ', expected: [] },
  ])('$name: "$query"', ({ query, expected }) => {
    expect(ids(searchArticles(ARTICLES, query))).toEqual(expected)
  })

  it.each([
    { categoryId: 2, expected: [3, 2] },
    { categoryId: 1, expected: [1] },
    { categoryId: null, expected: [3, 2, 1] },
  ])('filters by category $categoryId', ({ categoryId, expected }) => {
    expect(ids(searchArticles(ARTICLES, 'router', { categoryId }))).toEqual(expected)
  })

  it('counts an article listed twice once', () => {
    const first = ARTICLES[2]
    if (!first) throw new Error('fixture')
    expect(ids(searchArticles([first, ...ARTICLES], 'lights'))).toEqual([3])
  })

  it('highlights every match in the snippet and escapes the rest', () => {
    const [hit] = searchArticles(
      [article(9, 'Tips', '<p>Use 5 GHz &amp; <i>move</i> the router &lt;closer&gt;. Router!</p>')],
      'router',
    )
    expect(hit?.snippet).toBe(
      'Use 5 GHz &amp; move the <em>router</em> &lt;closer&gt;. <em>Router</em>!',
    )
  })

  it('cuts a long text around the first match, at spaces, marking the cuts', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`)
    words[40] = 'needle'
    const [hit] = searchArticles([article(9, 'Long', words.join(' '))], 'needle', {
      snippetLength: 60,
    })
    const snippet = hit?.snippet ?? ''
    expect(snippet.startsWith('…word')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet).toContain('<em>needle</em>')
    expect(snippet.length).toBeLessThanOrEqual(60 + '<em></em>'.length + 2)
  })

  it('keeps the original text of a match whose folded form is shorter', () => {
    const [hit] = searchArticles([article(9, 'x', 'Café crème et thé')], 'creme')
    expect(hit?.snippet).toBe('Café <em>crème</em> et thé')
  })
})

describe('htmlToText', () => {
  it.each([
    { html: '<p>a</p><p>b</p>', text: 'a b' },
    { html: '<script>alert(1)</script>x', text: 'x' },
    { html: 'Tom &amp; Jerry&nbsp;&#33;&#x41;', text: 'Tom & Jerry !A' },
    { html: '<!-- hidden -->shown', text: 'shown' },
    { html: '&unknown; stays', text: '&unknown; stays' },
  ])('$html', ({ html, text }) => {
    expect(htmlToText(html)).toBe(text)
  })
})

describe('searchTerms', () => {
  it.each([
    { query: ' Router  LIGHTS ', terms: ['router', 'lights'] },
    { query: 'wi-fi, wi-fi', terms: ['wi', 'fi'] },
    { query: 'café', terms: ['cafe'] },
    { query: '', terms: [] },
  ])('"$query"', ({ query, terms }) => {
    expect(searchTerms(query)).toEqual(terms)
  })
})

describe('escapeHtml', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml('<em>"a" & b</em>')).toBe('&lt;em&gt;&quot;a&quot; &amp; b&lt;/em&gt;')
  })
})

describe('pageOf', () => {
  const items = Array.from({ length: 23 }, (_, i) => i)
  it.each([
    { page: 1, first: 0, length: 10, current: 1 },
    { page: 3, first: 20, length: 3, current: 3 },
    { page: 9, first: 20, length: 3, current: 3 },
    { page: 0, first: 0, length: 10, current: 1 },
  ])('page $page', ({ page, first, length, current }) => {
    const result = pageOf(items, page, 10)
    expect(result.items[0]).toBe(first)
    expect(result.items).toHaveLength(length)
    expect(result).toMatchObject({ page: current, pageCount: 3, count: 23 })
  })

  it('an empty list has one empty page', () => {
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, pageCount: 1, count: 0 })
  })
})
