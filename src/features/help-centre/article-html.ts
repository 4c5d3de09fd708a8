import DOMPurify from 'dompurify'

/*
 * Article bodies are HTML from the help-centre service, or from the device's cache, and the hc base
 * URL can point at another deployment: the client sanitises them again with its own allow-list.
 */
const ARTICLE_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'sub',
  'sup',
  'code',
  'kbd',
  'pre',
  'blockquote',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
]
const ARTICLE_ATTRIBUTES = [
  'href',
  'title',
  'alt',
  'src',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'dir',
  'lang',
]
/** Links and images may only point at http(s), mail, phone, this site's paths or this page. */
const ALLOWED_URI = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i

/** Marks a link that stays in the app (followed by the router, not a page load). */
export const IN_APP_LINK_ATTRIBUTE = 'data-in-app'

export type ArticleLink =
  | { kind: 'in-app'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'other'; href: string }

/** Where a link of an article leads: a path of this app, another site, or mail/phone/anchor. */
export function classifyArticleLink(href: string, origin: string): ArticleLink {
  if (href.startsWith('#') || /^(?:mailto|tel):/i.test(href)) return { kind: 'other', href }
  let url: URL
  try {
    url = new URL(href, origin)
  } catch {
    return { kind: 'other', href }
  }
  if (url.origin === origin)
    return { kind: 'in-app', path: `${url.pathname}${url.search}${url.hash}` }
  return { kind: 'external', href: url.href }
}

/**
 * Sanitises an article body: only the allowed elements and attributes stay; links of this app
 * become in-app paths, others open in a new tab without access to this page (noopener).
 */
export function sanitiseArticleHtml(html: string, origin = globalThis.location.origin): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ARTICLE_TAGS,
    ALLOWED_ATTR: ARTICLE_ATTRIBUTES,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    RETURN_DOM_FRAGMENT: true,
  })
  for (const link of fragment.querySelectorAll('a')) {
    const href = link.getAttribute('href')
    if (href === null) continue
    const target = classifyArticleLink(href, origin)
    if (target.kind === 'in-app') {
      link.setAttribute('href', target.path)
      link.setAttribute(IN_APP_LINK_ATTRIBUTE, '')
    } else if (target.kind === 'external') {
      link.setAttribute('href', target.href)
      link.setAttribute('target', '_blank')
      link.setAttribute('rel', 'noopener noreferrer')
    }
  }
  for (const image of fragment.querySelectorAll('img')) {
    image.setAttribute('loading', 'lazy')
    if (!image.hasAttribute('alt')) image.setAttribute('alt', '')
  }
  const container = document.createElement('div')
  container.append(fragment)
  return container.innerHTML
}

/** A search snippet: text with the matched words in <em>, nothing else. */
export function sanitiseSnippet(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['em'], ALLOWED_ATTR: [] })
}
