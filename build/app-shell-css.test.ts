import { describe, expect, it } from 'vitest'
import { withAppShellStyles } from './app-shell-css.ts'

const PAGE = `<!doctype html>
<html>
  <head>
    <title>Whitebox</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><div class="wb-app-shell"></div></div>
  </body>
</html>`

const SHELL = `/* tokens */
:root {
  --wb-color-bg: #ffffff;
}

/* the shell */
.wb-app-shell {
  background: var(--wb-color-bg);
}
`

describe('withAppShellStyles', () => {
  const page = withAppShellStyles(PAGE, SHELL)
  const at = (text: string) => page.indexOf(text)

  it.each([
    ['the shell styles are in the head', () => at('.wb-app-shell {') < at('</head>')],
    ['the stylesheet comes after the shell', () => at('rel="stylesheet"') > at('id="root"')],
    ['the stylesheet is still in the body', () => at('rel="stylesheet"') < at('</body>')],
    ['the stylesheet is linked once', () => page.split('rel="stylesheet"').length === 2],
    [
      'the stylesheet is preloaded from the head',
      () => at('rel="preload" as="style" crossorigin href="/assets/index-1.css"') < at('</head>'),
    ],
    ['the script stays in the head', () => at('index-1.js') < at('</head>')],
    ['comments are left out', () => !page.includes('/* tokens */')],
  ])('%s', (_name, holds) => {
    expect(holds()).toBe(true)
  })

  it('leaves a page without a stylesheet with the shell styles only', () => {
    const bare = withAppShellStyles('<html><head></head><body></body></html>', SHELL)
    expect(bare).toContain('<style>')
    expect(bare).not.toContain('<link')
  })
})
