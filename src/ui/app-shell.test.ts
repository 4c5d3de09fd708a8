import { describe, expect, it } from 'vitest'
import indexHtml from '../../index.html?raw'
import externalPlugin from '../../server/plugins/external.ts?raw'
import { THEME_KEY } from './theme'

// The app shell is static HTML the browser paints before any JS: these checks stand in for the
// review a component would get from its own tests (and from the CSP, which allows no inline script).
const page = new DOMParser().parseFromString(indexHtml, 'text/html')
const root = page.getElementById('root')
const shell = root?.querySelector<HTMLElement>('.wb-app-shell') ?? null

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'summary',
  'audio[controls]',
  'video[controls]',
  '[tabindex]',
  '[contenteditable]',
].join(', ')

describe('the app shell in index.html', () => {
  it('is the only content of #root, so that React’s first render replaces all of it', () => {
    expect(root).not.toBeNull()
    expect(shell).not.toBeNull()
    expect(Array.from(root?.children ?? [])).toEqual([shell])
  })

  it('is hidden from assistive technology and marked busy', () => {
    expect(shell?.getAttribute('aria-hidden')).toBe('true')
    expect(shell?.getAttribute('aria-busy')).toBe('true')
  })

  it('has nothing focusable', () => {
    expect(shell?.querySelectorAll(FOCUSABLE)).toHaveLength(0)
  })

  it('has no text: the language is only known to the JS', () => {
    expect(shell?.textContent.trim()).toBe('')
  })

  it('paints something contentful: the brand mark as inline SVG', () => {
    expect(shell?.querySelector('svg.wb-app-shell__mark')).not.toBeNull()
  })

  it('has no style attribute anywhere in the page (the CSP)', () => {
    expect(page.querySelectorAll('[style]')).toHaveLength(0)
  })
})

describe('the theme script in index.html', () => {
  const scripts = Array.from(page.querySelectorAll('script:not([src])'))

  it('is the only inline script, in the head, before anything is painted', () => {
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.parentElement?.tagName).toBe('HEAD')
  })

  it('is allowed by its hash in the CSP, and by nothing broader', async () => {
    const source = scripts[0]?.textContent ?? ''
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source))
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)))
    expect(externalPlugin).toContain(`scriptSrc: ["'self'", "'sha256-${hash}'"]`)
    expect(externalPlugin).not.toMatch(/scriptSrc:[^\n]*unsafe-inline/)
  })

  it('reads the setting theme.ts writes', () => {
    expect(scripts[0]?.textContent).toContain(`localStorage.getItem('${THEME_KEY}')`)
  })
})
