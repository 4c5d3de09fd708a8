import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { renderUpdateHtml, safeUpdateHref } from './update-html'

function html(input: string): string {
  const { container } = render(<div>{renderUpdateHtml(input)}</div>)
  return container.firstElementChild?.innerHTML ?? ''
}

describe('renderUpdateHtml', () => {
  it.each([
    {
      input: '<p>Hi <strong>you</strong> <em>there</em></p>',
      expected: '<p>Hi <strong>you</strong> <em>there</em></p>',
    },
    {
      input: '<ul><li>a</li></ul><ol><li>b</li></ol>',
      expected: '<ul><li>a</li></ul><ol><li>b</li></ol>',
    },
    { input: '<p class="x" onclick="alert(1)" style="color:red">t</p>', expected: '<p>t</p>' },
    { input: '<script>alert(1)</script><p>after</p>', expected: '<p>after</p>' },
    { input: '<img src="x" onerror="alert(1)">picture', expected: 'picture' },
    { input: '<div><h1>big</h1><span>text</span></div>', expected: 'bigtext' },
    {
      input: '<a href="https://example.com/x?a=1&amp;b=2" onclick="x()">go</a>',
      expected:
        '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">go</a>',
    },
    { input: '<a href="javascript:alert(1)">js</a>', expected: 'js' },
    { input: '<a href="http://example.com">plain http</a>', expected: 'plain http' },
    { input: '<a href="/relative">relative</a>', expected: 'relative' },
    { input: '1 &lt; 2 &amp; <b>3</b>', expected: '1 &lt; 2 &amp; 3' },
    { input: '<svg><a href="https://example.com">in svg</a></svg>ok', expected: 'ok' },
  ])('$input', ({ input, expected }) => {
    expect(html(input)).toBe(expected)
  })
})

describe('safeUpdateHref', () => {
  it.each([
    { href: 'https://example.com/a', expected: 'https://example.com/a' },
    { href: '  https://example.com  ', expected: 'https://example.com/' },
    { href: 'HTTPS://EXAMPLE.COM/A', expected: 'https://example.com/A' },
    { href: 'http://example.com', expected: null },
    { href: 'javascript:alert(1)', expected: null },
    { href: 'data:text/html,<script>', expected: null },
    { href: '//example.com', expected: null },
    { href: null, expected: null },
  ])('$href → $expected', ({ href, expected }) => {
    expect(safeUpdateHref(href)).toBe(expected)
  })
})
