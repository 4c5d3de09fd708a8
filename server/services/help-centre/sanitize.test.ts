import { describe, expect, it } from 'vitest'
import { articleText, safeArticleHref, sanitizeArticleHtml } from './sanitize.ts'

// The tokenizer itself is tested in server/lib/sanitize-html.test.ts; here, what articles may keep.
describe('sanitizeArticleHtml', () => {
  it.each([
    {
      input: '<p>Hi <strong>there</strong> <em>now</em></p><ul><li>a</li></ul><ol><li>b</li></ol>',
      expected:
        '<p>Hi <strong>there</strong> <em>now</em></p><ul><li>a</li></ul><ol><li>b</li></ol>',
    },
    { input: '<h2>A</h2><h3>B</h3><code>x</code>', expected: '<h2>A</h2><h3>B</h3><code>x</code>' },
    { input: '<p>one<br>two<br/>three</br></p>', expected: '<p>one<br>two<br>three</p>' },
    { input: '<h1>Big</h1><div>box</div>', expected: 'Bigbox' },
    { input: '<svg><text>x</text></svg><math><mi>y</mi></math>z', expected: 'z' },
    {
      input: '<a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>',
      expected: '<a href="https://example.com/a?b=1&amp;c=2">x</a>',
    },
    {
      input: '<a href="/hc/ar/articles/2101">x</a>',
      expected: '<a href="/hc/ar/articles/2101">x</a>',
    },
    { input: '<a href="javascript:alert(1)">x</a>', expected: 'x' },
    { input: '<a href="java&#x09;script:alert(1)">x</a>', expected: 'x' },
    { input: '<a href="http://example.com">x</a>', expected: 'x' },
    { input: '<a href="//evil.example/hc">x</a>', expected: 'x' },
    { input: '<a href="/admin">x</a>', expected: 'x' },
    { input: '<a href="/hc/../admin">x</a>', expected: 'x' },
    { input: '<a href="data:text/html,hi">x</a>', expected: 'x' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(sanitizeArticleHtml(input)).toBe(expected)
  })

  it('is stable: cleaning clean HTML changes nothing', () => {
    const once = sanitizeArticleHtml(
      '<p>a <a href="https://x.example/">b</a> &amp; <br> c</p><ul><li>d',
    )
    expect(sanitizeArticleHtml(once)).toBe(once)
  })
})

describe('safeArticleHref', () => {
  it.each([
    { href: 'https://example.com', expected: 'https://example.com/' },
    { href: ' https://example.com/x ', expected: 'https://example.com/x' },
    { href: '/hc/en-gb/articles/1101', expected: '/hc/en-gb/articles/1101' },
    { href: '/hc/fr-ca/articles/1101#steps', expected: '/hc/fr-ca/articles/1101#steps' },
    { href: '/hc', expected: '/hc' },
    { href: '/hc/./x', expected: null },
    { href: '/hc\\evil', expected: null },
    { href: '/hcx', expected: null },
    { href: 'HTTPS://EXAMPLE.COM', expected: 'https://example.com/' },
    { href: 'ftp://example.com', expected: null },
    { href: 'not a url', expected: null },
  ])('$href → $expected', ({ href, expected }) => {
    expect(safeArticleHref(href)).toBe(expected)
  })
})

describe('articleText', () => {
  it.each([
    { html: '<p>One</p><p>Two</p>', text: 'One Two' },
    { html: '<li>a</li><li>b</li>', text: 'a b' },
    { html: 'Wi<strong>-Fi</strong>', text: 'Wi-Fi' },
    { html: '<p>5 &lt; 6 &amp;&nbsp;7</p>', text: '5 < 6 &\u00a07'.replace(/\s+/g, ' ') },
    { html: 'line<br>break', text: 'line break' },
  ])('$html → $text', ({ html, text }) => {
    expect(articleText(html)).toBe(text)
  })
})
