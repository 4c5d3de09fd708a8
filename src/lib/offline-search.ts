/**
 * Help-centre search over the articles saved on the device (issue 5 §4: offline, search what is
 * cached). The server's search answers online; this one answers offline with the same shape of
 * result: the article and a plain-text snippet around the first match, matched words in <em>.
 */

/** What the search needs of an article; `body` is HTML. */
export type SearchableArticle = {
  id: number
  title: string
  body: string
  /** Its category, when known (from the cached sections); null when not. */
  categoryId: number | null
}

export type OfflineSearchHit<T extends SearchableArticle> = {
  article: T
  /** Escaped text with the matched words wrapped in <em> (the only markup it holds). */
  snippet: string
  score: number
}

export type OfflineSearchOptions = {
  /** Only articles of this category (an article whose category is unknown is left out). */
  categoryId?: number | null
  /** Characters of text around the first match (default 160). */
  snippetLength?: number
}

const MAX_TERMS = 10
const DEFAULT_SNIPPET = 160
const TITLE_WEIGHT = 10
const BODY_HITS_COUNTED = 5

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) {
    const code = Number.parseInt(name.slice(2), 16)
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  }
  if (name.startsWith('#')) {
    const code = Number.parseInt(name.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  }
  return ENTITIES[name.toLowerCase()] ?? entity
}

/** The readable text of an HTML fragment: no scripts or styles, tags as spaces, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim()
}

/** Escapes text for HTML element content. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

// Arabic letters typed in several forms that readers treat as one (hamza seats, taa marbuta,
// alif maqsura), and the tatweel that only stretches a word.
const ARABIC_FOLDS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ة: 'ه',
  ى: 'ي',
  ـ: '',
}

/** One character as it is compared: lower case, no accents or Arabic vowel marks, one letter form. */
function fold(char: string): string {
  const arabic = ARABIC_FOLDS[char]
  if (arabic !== undefined) return arabic
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

type Folded = {
  value: string
  /** For each UTF-16 unit of `value`: where its character starts and ends in the original text. */
  start: number[]
  end: number[]
}

function foldText(text: string): Folded {
  let value = ''
  const start: number[] = []
  const end: number[] = []
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i) ?? 0
    const char = String.fromCodePoint(codePoint)
    const folded = fold(char)
    for (let k = 0; k < folded.length; k += 1) {
      start.push(i)
      end.push(i + char.length)
    }
    value += folded
    i += char.length
  }
  return { value, start, end }
}

/** The words of a query as they are compared (folded, split on spaces and punctuation, unique). */
export function searchTerms(query: string): string[] {
  const words = foldText(query)
    .value.split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => word !== '')
  return [...new Set(words)].slice(0, MAX_TERMS)
}

function countOf(haystack: string, term: string, limit: number): number {
  let count = 0
  for (let at = haystack.indexOf(term); at !== -1 && count < limit;) {
    count += 1
    at = haystack.indexOf(term, at + term.length)
  }
  return count
}

type Range = { from: number; to: number }

/** Every match of the terms in `folded`, in original-text positions, sorted and merged. */
function matchRanges(folded: Folded, terms: readonly string[]): Range[] {
  const ranges: Range[] = []
  for (const term of terms) {
    for (let at = folded.value.indexOf(term); at !== -1;) {
      const from = folded.start[at] ?? 0
      const to = folded.end[at + term.length - 1] ?? from
      ranges.push({ from, to })
      at = folded.value.indexOf(term, at + term.length)
    }
  }
  ranges.sort((a, b) => a.from - b.from || b.to - a.to)
  const merged: Range[] = []
  for (const range of ranges) {
    const last = merged[merged.length - 1]
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to)
    else merged.push({ ...range })
  }
  return merged
}

/** A window of about `length` characters around `around`, cut at spaces, with … where cut. */
function windowAround(text: string, around: number, length: number): Range {
  if (text.length <= length) return { from: 0, to: text.length }
  let from = Math.max(0, Math.min(around - Math.floor(length / 3), text.length - length))
  let to = Math.min(text.length, from + length)
  if (from > 0) {
    const space = text.indexOf(' ', from)
    if (space !== -1 && space < around) from = space + 1
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to)
    if (space > Math.max(from, around)) to = space
  }
  return { from, to }
}

/** Escaped text of `range` with the matches inside it wrapped in <em>. */
function highlight(text: string, range: Range, matches: readonly Range[]): string {
  let out = ''
  let at = range.from
  for (const match of matches) {
    if (match.to <= range.from || match.from >= range.to) continue
    const from = Math.max(match.from, at)
    const to = Math.min(match.to, range.to)
    out += escapeHtml(text.slice(at, from))
    out += `<em>${escapeHtml(text.slice(from, to))}</em>`
    at = to
  }
  out += escapeHtml(text.slice(at, range.to))
  return `${range.from > 0 ? '…' : ''}${out}${range.to < text.length ? '…' : ''}`
}

/**
 * Searches articles for every word of `query` (in the title or the text; case, accents and Arabic
 * vowel marks do not matter). Title matches rank first, then how often the words occur; ties keep
 * the given order. An article listed twice counts once (its first listing). An empty query finds
 * nothing.
 */
export function searchArticles<T extends SearchableArticle>(
  articles: readonly T[],
  query: string,
  options: OfflineSearchOptions = {},
): OfflineSearchHit<T>[] {
  const terms = searchTerms(query)
  if (terms.length === 0) return []
  const snippetLength = options.snippetLength ?? DEFAULT_SNIPPET
  const wantedCategory = options.categoryId ?? null
  const seen = new Set<number>()
  const hits: (OfflineSearchHit<T> & { order: number })[] = []

  articles.forEach((article, order) => {
    if (seen.has(article.id)) return
    seen.add(article.id)
    if (wantedCategory !== null && article.categoryId !== wantedCategory) return
    const title = foldText(article.title).value
    const text = htmlToText(article.body)
    const body = foldText(text)
    let score = 0
    for (const term of terms) {
      const inTitle = title.includes(term)
      const inBody = countOf(body.value, term, BODY_HITS_COUNTED)
      if (!inTitle && inBody === 0) return
      score += (inTitle ? TITLE_WEIGHT : 0) + inBody
    }
    const matches = matchRanges(body, terms)
    const first = matches[0]?.from ?? 0
    const snippet = highlight(text, windowAround(text, first, snippetLength), matches)
    hits.push({ article, snippet, score, order })
  })

  hits.sort((a, b) => b.score - a.score || a.order - b.order)
  return hits.map(({ article, snippet, score }) => ({ article, snippet, score }))
}

/** One page of a list: 1-based page numbers; a page past the end is the last one. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; page: number; pageCount: number; count: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount)
  const from = (current - 1) * perPage
  return { items: items.slice(from, from + perPage), page: current, pageCount, count: items.length }
}
