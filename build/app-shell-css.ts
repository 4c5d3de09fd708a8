import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g

/**
 * The app's page paints its shell before any file but itself has arrived.
 *
 * - The design tokens and the shell's styles (`src/ui/app-shell.css`) are inlined in the head.
 * - The entry's stylesheet moves from the head to the end of the body. In the head it held back
 *   the first paint until it had arrived, on a phone a round trip after the page; at the end of
 *   the body the shell above it paints at once. It still holds back the scripts (a stylesheet the
 *   parser met is waited for before deferred and module scripts run), so nothing the app renders
 *   is ever shown unstyled.
 *
 * - The same stylesheet is preloaded from the head, before the page hints the server adds there
 *   (server/lib/page-hints.ts): met only at the end of the body, it queued behind a route's dozen
 *   hinted chunks on HTTP/1.1's six connections, and with it the entry, so the first paint came
 *   after all of them (Lighthouse: the sign-up's FCP 2.1 s against /login's 0.75 s).
 *
 * One consequence: the styles of route chunks, which Vite adds to the head when a route loads,
 * now come before the entry's in the document, so on equal specificity the entry's win. A page
 * that restyles a shared component (`className` on a ui component) needs a more specific rule.
 *
 * Pure, so that its test reads the page as built.
 */
export function withAppShellStyles(html: string, shellCss: string): string {
  const links = html.match(STYLESHEET_LINK) ?? []
  const withoutLinks = html.replace(STYLESHEET_LINK, '')
  const css = shellCss
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\n\s*\n/g, '\n')
    .trim()
  const style = `<style>\n${css}\n</style>\n`
  const moved = links.map((link) => `    ${link.trim()}\n`).join('')
  const preloads = links
    .map((link) => /href="([^"]+)"/.exec(link)?.[1])
    .filter((href) => href !== undefined)
    .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">\n`)
    .join('')
  return withoutLinks
    .replace('</head>', `${style}${preloads}</head>`)
    .replace('</body>', `${moved}</body>`)
}

/** Applies withAppShellStyles to the app's index.html (dev and build). */
export function appShellStyles(cssFile: URL): Plugin {
  return {
    name: 'wb-app-shell-styles',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.path !== '/index.html') return html
        return withAppShellStyles(html, readFileSync(cssFile, 'utf8'))
      },
    },
  }
}
