// HTML written by people (feature update descriptions, help-centre articles) is cleaned once, when
// stored, so every reader gets the same small vocabulary. No HTML parser ships with the server's
// dependencies and the allow-lists are tiny, so this is a tokenizer: anything it does not recognise
// becomes text. Each caller names its own tags and its own rule for links.

/** What one kind of stored HTML may keep. */
export type HtmlAllowList = {
  /** Elements kept (lower case), without their attributes; any other tag is removed, its text kept. */
  tags: ReadonlySet<string>
  /** Kept elements that have no content: written as `<br>`, their closing tags ignored. */
  voidTags?: ReadonlySet<string>
  /** Elements whose content is not text for the reader: dropped together with their content. */
  droppedWithContent: readonly string[]
  /** The href an `a` may keep (normalised), or null: the link is then kept as its text only. */
  href: (raw: string) => string | null
  /** Escapes a kept href for its double-quoted attribute (default: `escapeHtml`). */
  escapeHref?: (href: string) => string
}

/** An opening or closing tag with its attribute text (quoted values may hold `>`). */
export const HTML_TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});/

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Escapes a value for a double-quoted attribute (an apostrophe needs no escape there). */
export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Decodes numeric entities and the common named ones; unknown names stay as written. */
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

function dropWithContent(html: string, names: readonly string[]): string {
  let out = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '')
  for (const name of names) {
    out = out.replace(new RegExp(`<${name}\\b[\\s\\S]*?(?:</${name}\\s*>|$)`, 'gi'), '')
  }
  return out
}

/**
 * Cleans HTML to the allow-list: other tags are removed (their text kept), attributes dropped
 * (but a safe href), text escaped, and every element closed.
 */
export function sanitizeHtml(html: string, allow: HtmlAllowList): string {
  const escapeHref = allow.escapeHref ?? escapeHtml
  const source = dropWithContent(html, allow.droppedWithContent)
  const open: string[] = []
  let out = ''
  let last = 0
  for (const match of source.matchAll(HTML_TAG)) {
    out += escapeText(source.slice(last, match.index))
    last = match.index + match[0].length
    const closing = match[1] === '/'
    const name = (match[2] ?? '').toLowerCase()
    if (!allow.tags.has(name)) continue
    if (allow.voidTags?.has(name)) {
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
      const safe = href ? allow.href(href[1] ?? href[2] ?? href[3] ?? '') : null
      // A link that may not keep its target is kept as its text only.
      if (safe === null) continue
      out += `<a href="${escapeHref(safe)}">`
    } else {
      out += `<${name}>`
    }
    open.push(name)
  }
  out += escapeText(source.slice(last))
  while (open.length > 0) out += `</${open.pop() ?? ''}>`
  return out
}
