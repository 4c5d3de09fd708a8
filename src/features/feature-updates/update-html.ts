import { createElement, Fragment, type ReactNode } from 'react'

/*
 * Why not dangerouslySetInnerHTML, even though the server sanitises descriptions when it stores
 * them: the HTML reaches this code from the network or from the device's cache (IndexedDB), and
 * the zeus base URL can point at another deployment. So the client keeps its own allow-list:
 * DOMParser builds an inert document (no scripts run, no images load), and only the allowed
 * elements are turned into React elements; everything else becomes its text. React then escapes
 * all text, so no markup from the payload ever reaches the page's DOM as HTML.
 */

const ALLOWED = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em'])
/** Elements whose content is not for the reader: dropped with their content. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg'])

/** The href of an update link when it is an absolute https URL; anything else is not a link. */
export function safeUpdateHref(href: string | null): string | null {
  if (href === null) return null
  try {
    const url = new URL(href.trim())
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function convert(nodes: NodeListOf<ChildNode>, path: string): ReactNode[] {
  const out: ReactNode[] = []
  nodes.forEach((node, index) => {
    const key = `${path}.${String(index)}`
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent)
      return
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return
    const element = node as Element
    const name = element.localName
    if (DROPPED.has(name)) return
    const children = convert(element.childNodes, key)
    if (name === 'a') {
      const href = safeUpdateHref(element.getAttribute('href'))
      out.push(
        href === null
          ? createElement(Fragment, { key }, ...children)
          : createElement(
              'a',
              { key, href, target: '_blank', rel: 'noopener noreferrer' },
              ...children,
            ),
      )
    } else if (ALLOWED.has(name)) {
      out.push(createElement(name, { key }, ...children))
    } else {
      out.push(createElement(Fragment, { key }, ...children))
    }
  })
  return out
}

/** React elements for update HTML: p, ul, ol, li, strong, em and https links; the rest as text. */
export function renderUpdateHtml(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html')
  return convert(document.body.childNodes, 'u')
}
