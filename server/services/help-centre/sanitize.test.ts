import { describe, expect, it } from 'vitest'
import { articleText, decodeEntities, safeArticleHref, sanitizeArticleHtml } from './sanitize.ts'

describe('sanitizeArticleHtml', () => {
  it.each([
    { input: '<p>Hi <strong>there</strong></p>', expected: '<p>Hi <strong>there</strong></p>' },
    { input: '<h2>A</h2><h3>B</h3><code>x</code>', expected: '<h2>A</h2><h3>B</h3><code>x</code>' },
    { input: '<p>one<br>two<br/>three</br></p>', expected: '<p>one<br>two<br>three</p>' },
    { input: '<P CLASS="x" onclick="y()">Up</P>', expected: '<p>Up</p>' },
    { input: '<p>a<script>alert(1)</script>b</p>', expected: '<p>ab</p>' },
    { input: '<style>p{}</style><p>x</p>', expected: '<p>x</p>' },
    { input: '<img src=x onerror=alert(1)>text', expected: 'text' },
    { input: '<h1>Big</h1><div>box</div>', expected: 'Bigbox' },
    { input: '<!-- note --><p>x</p>', expected: '<p>x</p>' },
    { input: '<p>5 < 6 & "ok"</p>', expected: '<p>5 &lt; 6 &amp; &quot;ok&quot;</p>' },
    { input: '<p>&eacute;&amp;&#39;</p>', expected: '<p>&eacute;&amp;&#39;</p>' },
    { input: '<ul><li>open', expected: '<ul><li>open</li></ul>' },
    { input: '<em><strong>x</em>y', expected: '<em><strong>x</strong></em>y' },
    { input: '</p>stray', expected: 'stray' },
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
    { input: '<a>no href</a>', expected: 'no href' },
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

describe('articleText and decodeEntities', () => {
  it.each([
    { html: '<p>One</p><p>Two</p>', text: 'One Two' },
    { html: '<li>a</li><li>b</li>', text: 'a b' },
    { html: 'Wi<strong>-Fi</strong>', text: 'Wi-Fi' },
    { html: '<p>5 &lt; 6 &amp;&nbsp;7</p>', text: '5 < 6 &\u00a07'.replace(/\s+/g, ' ') },
    { html: 'line<br>break', text: 'line break' },
  ])('$html → $text', ({ html, text }) => {
    expect(articleText(html)).toBe(text)
  })

  it.each([
    { input: '&#x41;&#66;&quot;&apos;', output: 'AB"\'' },
    { input: '&#0;&#xD800;&#x110000;', output: '\ufffd\ufffd\ufffd' },
    { input: '&unknown;', output: '&unknown;' },
  ])('decodes $input', ({ input, output }) => {
    expect(decodeEntities(input)).toBe(output)
  })
})
