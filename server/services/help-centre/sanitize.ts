// Article bodies are HTML written by people; they are cleaned once, when stored, so every reader
// gets the same small vocabulary (the client runs DOMPurify again before rendering). No HTML parser
// ships with the server's dependencies and the allow-list is tiny, so this is a tokenizer in the
// style of the feature updates' sanitiser: anything it does not recognise becomes text.

const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'code', 'br'])
const VOID_TAGS = new Set(['br'])
/** Elements whose content is not text for the reader: dropped whole. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
]
/** Elements after which plain text needs a space (the words on either side are not one word). */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'br', 'div', 'tr', 'td'])

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});/
/** A path inside the app's help centre: no scheme, no host, no `..`, no backslashes. */
const HC_PATH = /^\/hc(?:\/[A-Za-z0-9._~-]+)*\/?(?:\?[A-Za-z0-9._~=&%+-]*)?(?:#[A-Za-z0-9._~-]*)?$/

function escapeText(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i)
    if (ch === '&') {
      // An entity already written stays as it is; a bare ampersand is escaped.
      const entity = ENTITY.exec(text.slice(i))
      out += entity ? entity[0] : '&amp;'
      if (entity) i += entity[0].length - 1
    } else if (ch === '<') out += '&lt;'
    else if (ch === '>') out += '&gt;'
    else if (ch === '"') out += '&quot;'
    else out += ch
  }
  return out
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Decodes the entities a sanitised body can hold (numeric and the common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? whole
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? '', 16)
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd'
    },
  )
}

/** An href an article may keep: an absolute https URL (normalised) or a /hc/… path; otherwise null. */
export function safeArticleHref(raw: string): string | null {
  // Control characters and spaces inside a scheme are how `java\tscript:` slips through filters.
  const value = decodeEntities(raw).trim()
  if (value.startsWith('/')) {
    const segments = (value.split(/[?#]/)[0] ?? '').split('/')
    const climbs = segments.some((segment) => segment === '.' || segment === '..')
    return HC_PATH.test(value) && !climbs ? value : null
  }
  try {
    const url = new URL(value)
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function dropWithContent(html: string): string {
  let out = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '')
  for (const name of DROPPED_WITH_CONTENT) {
    out = out.replace(new RegExp(`<${name}\\b[\\s\\S]*?(?:</${name}\\s*>|$)`, 'gi'), '')
  }
  return out
}

/**
 * Cleans article HTML to p, h2, h3, ul, ol, li, strong, em, code, br and a[href https or /hc/…]:
 * other tags are removed (their text kept), attributes dropped, text escaped, every element closed.
 */
export function sanitizeArticleHtml(html: string): string {
  const source = dropWithContent(html)
  const open: string[] = []
  let out = ''
  let last = 0
  for (const match of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, match.index))
    last = match.index + match[0].length
    const closing = match[1] === '/'
    const name = (match[2] ?? '').toLowerCase()
    if (!ALLOWED_TAGS.has(name)) continue
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`
      continue
    }
    if (closing) {
      const at = open.lastIndexOf(name)
      if (at === -1) continue
      while (open.length > at) out += `</${open.pop() ?? ''}>`
      continue
    }
    if (name === 'a') {
      const href = HREF.exec(match[3] ?? '')
      const safe = href ? safeArticleHref(href[1] ?? href[2] ?? href[3] ?? '') : null
      // A link that may not keep its target is kept as its text only.
      if (safe === null) continue
      out += `<a href="${escapeHtml(safe)}">`
    } else {
      out += `<${name}>`
    }
    open.push(name)
  }
  out += escapeText(source.slice(last))
  while (open.length > 0) out += `</${open.pop() ?? ''}>`
  return out
}

// Every search reads the text of every article; bodies change rarely, so keep what was computed.
const TEXT_CACHE_LIMIT = 2_000
const textCache = new Map<string, string>()

/** The reader's text of (sanitised) article HTML: tags removed, entities decoded, spaces collapsed. */
export function articleText(html: string): string {
  let text = textCache.get(html)
  if (text === undefined) {
    const withoutTags = html.replace(TAG, (_tag, _slash: string, name: string) =>
      BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : '',
    )
    text = decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
    if (textCache.size >= TEXT_CACHE_LIMIT) textCache.clear()
    textCache.set(html, text)
  }
  return text
}
