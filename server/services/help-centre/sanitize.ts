import {
  decodeEntities,
  HTML_TAG,
  sanitizeHtml,
  type HtmlAllowList,
} from '../../lib/sanitize-html.ts'

// Article bodies are cleaned once, when stored (the client runs DOMPurify again before rendering).

/** Elements after which plain text needs a space (the words on either side are not one word). */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'br', 'div', 'tr', 'td'])

/** A path inside the app's help centre: no scheme, no host, no `..`, no backslashes. */
const HC_PATH = /^\/hc(?:\/[A-Za-z0-9._~-]+)*\/?(?:\?[A-Za-z0-9._~=&%+-]*)?(?:#[A-Za-z0-9._~-]*)?$/

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

const ARTICLE_HTML: HtmlAllowList = {
  tags: new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'code', 'br']),
  voidTags: new Set(['br']),
  droppedWithContent: [
    'script',
    'style',
    'iframe',
    'noscript',
    'template',
    'textarea',
    'title',
    'svg',
    'math',
  ],
  href: safeArticleHref,
}

/**
 * Cleans article HTML to p, h2, h3, ul, ol, li, strong, em, code, br and a[href https or /hc/…]:
 * other tags are removed (their text kept), attributes dropped, text escaped, every element closed.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML)
}

// Every search reads the text of every article; bodies change rarely, so keep what was computed.
const TEXT_CACHE_LIMIT = 2_000
const textCache = new Map<string, string>()

/** The reader's text of (sanitised) article HTML: tags removed, entities decoded, spaces collapsed. */
export function articleText(html: string): string {
  let text = textCache.get(html)
  if (text === undefined) {
    const withoutTags = html.replace(HTML_TAG, (_tag, _slash: string, name: string) =>
      BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : '',
    )
    text = decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
    if (textCache.size >= TEXT_CACHE_LIMIT) textCache.clear()
    textCache.set(html, text)
  }
  return text
}
