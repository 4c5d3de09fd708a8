import { describe, expect, it } from 'vitest'
import { classifyArticleLink, sanitiseArticleHtml, sanitiseSnippet } from './article-html'

const ORIGIN = 'https://app.example'

describe('sanitiseArticleHtml', () => {
  it.each([
    {
      name: 'keeps allowed markup',
      html: '<h2>Hi</h2><p><strong>a</strong></p>',
      out: '<h2>Hi</h2><p><strong>a</strong></p>',
    },
    { name: 'drops scripts', html: '<p>a</p><script>alert(1)</script>', out: '<p>a</p>' },
    { name: 'drops event handlers', html: '<p onclick="x()">a</p>', out: '<p>a</p>' },
    {
      name: 'drops styles and classes',
      html: '<p style="color:red" class="x">a</p>',
      out: '<p>a</p>',
    },
    { name: 'drops iframes', html: '<iframe src="https://evil.example"></iframe>b', out: 'b' },
    { name: 'keeps the text of unknown elements', html: '<marquee>move</marquee>', out: 'move' },
    {
      name: 'drops javascript: links',
      html: '<a href="javascript:alert(1)">x</a>',
      out: '<a>x</a>',
    },
    {
      name: 'drops protocol-relative links',
      html: '<a href="//evil.example/">x</a>',
      out: '<a>x</a>',
    },
    {
      name: 'app paths stay in the app',
      html: '<a href="/hc/ar/articles/2">x</a>',
      out: '<a href="/hc/ar/articles/2" data-in-app="">x</a>',
    },
    {
      name: 'absolute links to this app become paths',
      html: `<a href="${ORIGIN}/hc/en-gb/sections/3#top">x</a>`,
      out: '<a href="/hc/en-gb/sections/3#top" data-in-app="">x</a>',
    },
    {
      name: 'other sites open in a new tab without access to this page',
      html: '<a href="https://example.org/x">x</a>',
      out: '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">x</a>',
    },
    {
      name: 'mail links are left as they are',
      html: '<a href="mailto:help@example.org">x</a>',
      out: '<a href="mailto:help@example.org">x</a>',
    },
    {
      name: 'images load lazily and get an alt',
      html: '<img src="https://cdn.example/a.png" onerror="x()">',
      out: '<img src="https://cdn.example/a.png" loading="lazy" alt="">',
    },
  ])('$name', ({ html, out }) => {
    expect(sanitiseArticleHtml(html, ORIGIN)).toBe(out)
  })
})

describe('classifyArticleLink', () => {
  it.each([
    { href: '/hc/en-gb', kind: 'in-app' },
    { href: `${ORIGIN}/settings`, kind: 'in-app' },
    { href: 'https://example.org', kind: 'external' },
    { href: '#part-2', kind: 'other' },
    { href: 'tel:+441234', kind: 'other' },
  ])('$href is $kind', ({ href, kind }) => {
    expect(classifyArticleLink(href, ORIGIN).kind).toBe(kind)
  })
})

describe('sanitiseSnippet', () => {
  it.each([
    { html: 'the <em>router</em>', out: 'the <em>router</em>' },
    { html: '<em onclick="x()">a</em>', out: '<em>a</em>' },
    { html: '<b>a</b><script>x()</script><a href="/">b</a>', out: 'ab' },
  ])('$html', ({ html, out }) => {
    expect(sanitiseSnippet(html)).toBe(out)
  })
})
