import { describe, expect, it } from 'vitest'
import {
  decodeEntities,
  escapeAttribute,
  escapeHtml,
  sanitizeHtml,
  type HtmlAllowList,
} from './sanitize-html.ts'

// A list like the callers' (which test their own tags and link rules beside them).
const ALLOW: HtmlAllowList = {
  tags: new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']),
  voidTags: new Set(['br']),
  droppedWithContent: ['script', 'style', 'iframe', 'title'],
  href: (raw) => (raw.startsWith('https://') ? raw : null),
}

describe('sanitizeHtml', () => {
  it.each([
    {
      input:
        '<p>Kept: <em>em</em>, <strong>strong</strong></p><ol><li>1</li></ol><ul><li>2</li></ul>',
      expected:
        '<p>Kept: <em>em</em>, <strong>strong</strong></p><ol><li>1</li></ol><ul><li>2</li></ul>',
    },
    { input: '<p onclick="steal()" class="x">Hi</p>', expected: '<p>Hi</p>' },
    { input: '<P CLASS="x" onclick="y()">Up</P>', expected: '<p>Up</p>' },
    { input: '<p title="a>b">x</p>', expected: '<p>x</p>' },
    { input: '<script>alert(1)</script><p>after</p>', expected: '<p>after</p>' },
    { input: '<p>a<script>alert(1)</script>b</p>', expected: '<p>ab</p>' },
    { input: '<SCRIPT>x</Script >y', expected: 'y' },
    { input: '<script>never closed<p>x</p>', expected: '' },
    { input: '<style>a{}</style><iframe src="https://y"></iframe>fine', expected: 'fine' },
    { input: '<img src=x onerror=alert(1)>text', expected: 'text' },
    { input: '<h4>Head</h4><section>body</section>', expected: 'Headbody' },
    { input: '<!-- hidden --><p>x</p>', expected: '<p>x</p>' },
    { input: '<!-- never closed <p>x</p>', expected: '' },
    { input: '<li>a<BR>b<br />c</br></li>', expected: '<li>a<br>b<br>c</li>' },
    { input: '<p>unclosed <strong>bold', expected: '<p>unclosed <strong>bold</strong></p>' },
    { input: '<ul><li>open', expected: '<ul><li>open</li></ul>' },
    { input: '<em><strong>x</em>y', expected: '<em><strong>x</strong></em>y' },
    { input: '</em>stray close', expected: 'stray close' },
    { input: '</p>stray', expected: 'stray' },
    {
      input: '1 < 2 & 3 > 2 "q" &copy; &#169; &#x41;',
      expected: '1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot; &copy; &#169; &#x41;',
    },
    { input: '<p>&eacute;&amp;&#39;</p>', expected: '<p>&eacute;&amp;&#39;</p>' },
    { input: "it's", expected: "it's" },
    {
      input: '<a href="https://example.com/a?b=1" target="_blank">go</a>',
      expected: '<a href="https://example.com/a?b=1">go</a>',
    },
    { input: "<a href='https://e.com/x'>s</a>", expected: '<a href="https://e.com/x">s</a>' },
    {
      input: '<a title="t" href=https://e.com/y>u</a>',
      expected: '<a href="https://e.com/y">u</a>',
    },
    {
      input: '<a href="https://e.com/it\'s">q</a>',
      expected: '<a href="https://e.com/it&#39;s">q</a>',
    },
    { input: '<a href="http://example.com">x</a>', expected: 'x' },
    { input: '<a data-href="https://e.com">x</a>', expected: 'x' },
    { input: '<a>no href</a>', expected: 'no href' },
    { input: '<p><a href="javascript:x">a</a></p>', expected: '<p>a</p>' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(sanitizeHtml(input, ALLOW)).toBe(expected)
  })

  it('passes the raw href to the list and escapes what it keeps with its escapeHref', () => {
    const seen: string[] = []
    const allow: HtmlAllowList = {
      ...ALLOW,
      href: (raw) => {
        seen.push(raw)
        return `${raw}'"`
      },
      escapeHref: escapeAttribute,
    }
    expect(sanitizeHtml('<a href="/x?a=1&amp;b">y</a>', allow)).toBe(
      '<a href="/x?a=1&amp;amp;b\'&quot;">y</a>',
    )
    expect(seen).toEqual(['/x?a=1&amp;b'])
  })

  it('keeps no void element unless the list names it', () => {
    expect(sanitizeHtml('a<br>b', { ...ALLOW, voidTags: undefined })).toBe('a<br>b</br>')
    expect(sanitizeHtml('a<br>b', { ...ALLOW, tags: new Set(['p']) })).toBe('ab')
  })

  it('is stable: cleaning clean HTML changes nothing', () => {
    const once = sanitizeHtml('<ul><li>x <a href="https://y.example/">y</a> &lt; <br> z', ALLOW)
    expect(sanitizeHtml(once, ALLOW)).toBe(once)
  })
})

describe('escapeHtml and escapeAttribute', () => {
  it.each([
    {
      input: '<a href="x">',
      html: '&lt;a href=&quot;x&quot;&gt;',
      attribute: '&lt;a href=&quot;x&quot;&gt;',
    },
    { input: "Tom & Jerry's", html: 'Tom &amp; Jerry&#39;s', attribute: "Tom &amp; Jerry's" },
    { input: '&amp;', html: '&amp;amp;', attribute: '&amp;amp;' },
    { input: 'plain', html: 'plain', attribute: 'plain' },
  ])('escapes $input', ({ input, html, attribute }) => {
    expect(escapeHtml(input)).toBe(html)
    expect(escapeAttribute(input)).toBe(attribute)
  })
})

describe('decodeEntities', () => {
  it.each([
    { input: '&#x41;&#66;&quot;&apos;', output: 'AB"\'' },
    { input: '&lt;&gt;&amp;&nbsp;', output: '<>&\u00a0' },
    { input: '&#0;&#xD800;&#x110000;', output: '\ufffd\ufffd\ufffd' },
    { input: '&unknown;', output: '&unknown;' },
    { input: '&amp;lt;', output: '&lt;' },
  ])('decodes $input', ({ input, output }) => {
    expect(decodeEntities(input)).toBe(output)
  })
})
