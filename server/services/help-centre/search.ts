import { escapeHtml } from '../../lib/sanitize-html.ts'

// Search runs in the server over the plain text of the candidate articles (the asked locale's rows
// plus untranslated en-gb ones: ~35 rows of ~1.5 kB here). Folding in code makes "ILIKE on a
// normalised text" exact for the three locales — accents, Arabic diacritics, hamza seats, alef
// variants, ta marbuta and alef maqsura, Arabic-Indic digits, typographic apostrophes — and the
// snippet highlights exactly what matched. PostgreSQL's 'simple' full-text config would need the
// unaccent extension (a migration) and still match whole words only, which misses Arabic words
// carrying attached prefixes (الراوتر, وكلمة). Past a few thousand articles, store the folded text
// in a column with a pg_trgm index and keep this ranking.

/** Folded text and, for each of its UTF-16 units, the span of the original it came from. */
export type FoldedText = { text: string; start: number[]; end: number[] }

const CHARACTER_MAP: Record<string, string> = {
  '\u0671': '\u0627', // alef wasla → alef
  '\u0649': '\u064a', // alef maqsura → ya
  '\u0629': '\u0647', // ta marbuta → ha
  '\u0640': '', // tatweel
  '\u2019': "'",
  '\u2018': "'",
  '\u02bc': "'",
  '\u00a0': ' ',
  '\u202f': ' ',
  œ: 'oe',
  æ: 'ae',
}
const COMBINING_MARK = /\p{M}/gu

const FOLDED_CHARACTERS_LIMIT = 10_000
const foldedCharacters = new Map<string, string>()

function foldCodePoint(ch: string): string {
  const code = ch.codePointAt(0) ?? 0
  // Most text is ASCII: only its capitals change.
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : ch
  // Arabic-Indic (٠–٩) and extended Arabic-Indic (۰–۹) digits → 0–9.
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660)
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0)
  let out = foldedCharacters.get(ch)
  if (out === undefined) {
    // NFKD splits accents, Arabic hamza seats (أ إ آ ؤ ئ) and presentation forms into base + marks.
    const base = ch.normalize('NFKD').replace(COMBINING_MARK, '').toLowerCase()
    out = ''
    for (const part of base) out += CHARACTER_MAP[part] ?? part
    // A text holds few distinct characters: normalising each once makes folding ~10× faster.
    if (foldedCharacters.size < FOLDED_CHARACTERS_LIMIT) foldedCharacters.set(ch, out)
  }
  return out
}

/** Case-, accent- and Arabic-spelling-insensitive form of `text`, mapped back to the original. */
export function fold(text: string): FoldedText {
  let folded = ''
  const start: number[] = []
  const end: number[] = []
  let index = 0
  for (const ch of text) {
    const out = foldCodePoint(ch)
    // A character that folds to nothing (a diacritic, tatweel) belongs to the one before it, so a
    // highlight never splits a mark from its letter.
    if (out === '' && end.length > 0) end[end.length - 1] = index + ch.length
    folded += out
    for (let i = 0; i < out.length; i += 1) {
      start.push(index)
      end.push(index + ch.length)
    }
    index += ch.length
  }
  return { text: folded, start, end }
}

const MAPPED_CHARACTERS = new RegExp(`[${Object.keys(CHARACTER_MAP).join('')}]`, 'gu')
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g

/** fold(text).text without the position map: the same folding, done on the whole string. */
export function foldText(text: string): string {
  return text
    .replace(ARABIC_INDIC_DIGIT, (digit) => {
      const code = digit.charCodeAt(0)
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
    })
    .normalize('NFKD')
    .replace(COMBINING_MARK, '')
    .toLowerCase()
    .replace(MAPPED_CHARACTERS, (ch) => CHARACTER_MAP[ch] ?? ch)
}

// Article texts change rarely and every search folds all of them: keep the folded forms.
const FOLD_CACHE_LIMIT = 2_000
const foldCache = new Map<string, string>()

function foldCached(text: string): string {
  let folded = foldCache.get(text)
  if (folded === undefined) {
    if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache.clear()
    folded = foldText(text)
    foldCache.set(text, folded)
  }
  return folded
}

/** At most this many distinct words of a query are searched for. */
export const MAX_SEARCH_TERMS = 10

/** The folded words of a query, without surrounding punctuation, deduplicated. */
export function searchTerms(query: string): string[] {
  const words = fold(query)
    .text.split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => word.length > 0)
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS)
}

function occurrences(haystack: string, term: string): number[] {
  const found: number[] = []
  for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + term.length)) {
    found.push(at)
  }
  return found
}

/** An article to rank: its title, the plain text of its body, and its place in the usual order. */
export type SearchCandidate = { title: string; text: string; order: number }

/** A candidate that matched, with its rank tier (0 best) and the folded body for the snippet. */
export type SearchHit<C extends SearchCandidate> = {
  candidate: C
  tier: number
  titleTerms: number
  bodyHits: number
}

/**
 * The candidates holding every term in their title or body, best first: the whole query in the
 * title, then every term in the title, then the most terms in the title, then body-only matches;
 * within a tier, more body occurrences first, then the usual article order.
 */
export function rankArticles<C extends SearchCandidate>(
  candidates: readonly C[],
  terms: readonly string[],
): SearchHit<C>[] {
  if (terms.length === 0) return []
  const phrase = terms.join(' ')
  const hits: SearchHit<C>[] = []
  for (const candidate of candidates) {
    const title = foldCached(candidate.title)
    const body = foldCached(candidate.text)
    let titleTerms = 0
    let bodyHits = 0
    let all = true
    for (const term of terms) {
      const inTitle = title.includes(term)
      const inBody = occurrences(body, term).length
      if (inTitle) titleTerms += 1
      bodyHits += inBody
      if (!inTitle && inBody === 0) all = false
    }
    if (!all) continue
    let tier = 3
    if (terms.length > 1 && title.includes(phrase)) tier = 0
    else if (titleTerms === terms.length) tier = 1
    else if (titleTerms > 0) tier = 2
    hits.push({ candidate, tier, titleTerms, bodyHits })
  }
  return hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.titleTerms - a.titleTerms ||
      b.bodyHits - a.bodyHits ||
      a.candidate.order - b.candidate.order,
  )
}

/** Characters of text a snippet shows, and how many of them come before the first match. */
export const SNIPPET_LENGTH = 200
const SNIPPET_LEAD = 60

type Range = { from: number; to: number }

function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from || b.to - a.to)
  const merged: Range[] = []
  for (const range of sorted) {
    const last = merged.at(-1)
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to)
    else merged.push({ ...range })
  }
  return merged
}

/**
 * Where a snippet centres: the first occurrence of the whole query when the text holds it,
 * otherwise the first occurrence of its rarest word (the most telling one); null without a match.
 */
function snippetAnchor(folded: FoldedText, terms: readonly string[]): number | null {
  const phrase = terms.length > 1 ? folded.text.indexOf(terms.join(' ')) : -1
  if (phrase !== -1) return folded.start[phrase] ?? 0
  let best: number[] | null = null
  for (const term of terms) {
    const found = occurrences(folded.text, term)
    if (found.length > 0 && (best === null || found.length < best.length)) best = found
  }
  return best?.[0] === undefined ? null : (folded.start[best[0]] ?? 0)
}

/**
 * Plain text around the best match in `text` (see snippetAnchor), with every match in view
 * wrapped in <em> and the rest HTML-escaped; the start of the text when nothing in it matches
 * (a title-only hit).
 */
export function snippet(text: string, terms: readonly string[]): string {
  const folded = fold(text)
  const matches: Range[] = []
  for (const term of terms) {
    for (const at of occurrences(folded.text, term)) {
      matches.push({
        from: folded.start[at] ?? 0,
        to: folded.end[at + term.length - 1] ?? text.length,
      })
    }
  }
  const first = snippetAnchor(folded, terms) ?? Number.POSITIVE_INFINITY
  let from = Number.isFinite(first) ? Math.max(0, first - SNIPPET_LEAD) : 0
  if (from > 0) {
    // Start at a word boundary, unless that would skip past the match.
    const space = text.indexOf(' ', from)
    if (space !== -1 && space < first) from = space + 1
  }
  let to = Math.min(text.length, from + SNIPPET_LENGTH)
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to)
    if (space > from && space > (Number.isFinite(first) ? first : from)) to = space
  }
  const shown = mergeRanges(
    matches
      .filter((range) => range.to > from && range.from < to)
      .map((range) => ({ from: Math.max(range.from, from), to: Math.min(range.to, to) })),
  )
  let out = from > 0 ? '…' : ''
  let cursor = from
  for (const range of shown) {
    out += `${escapeHtml(text.slice(cursor, range.from))}<em>${escapeHtml(text.slice(range.from, range.to))}</em>`
    cursor = range.to
  }
  out += escapeHtml(text.slice(cursor, to))
  return to < text.length ? `${out}…` : out
}
