import { describe, expect, it } from 'vitest'
import { isFont, isMapTile, isRuntimeImage, isShellNavigation } from './caching-rules'

describe('isShellNavigation', () => {
  it.each([
    { path: '/', expected: true },
    { path: '/dashboard/whitebox-tests', expected: true },
    { path: '/units/42', expected: true },
    { path: '/apis', expected: true },
    { path: '/api', expected: false },
    { path: '/api/auth/login', expected: false },
    { path: '/dev/mailbox', expected: false },
  ])('$path → $expected', ({ path, expected }) => {
    expect(isShellNavigation(path)).toBe(expected)
  })
})

describe('runtime cache matchers', () => {
  it.each([
    { url: 'https://a.tile.openstreetmap.org/3/4/2.png', tile: true, image: false, font: false },
    { url: 'https://tiles.example.org/12/2047/1362.png', tile: true, image: false, font: false },
    { url: 'http://localhost:8080/hc/images/router.webp', tile: false, image: true, font: false },
    { url: 'http://localhost:8080/api/admin/logo.png', tile: false, image: false, font: false },
    { url: 'http://localhost:8080/fonts/noto-arabic.woff2', tile: false, image: false, font: true },
    { url: 'http://localhost:8080/assets/index-abc.js', tile: false, image: false, font: false },
  ])('$url', ({ url, tile, image, font }) => {
    const u = new URL(url)
    expect(isMapTile(u)).toBe(tile)
    expect(isRuntimeImage(u, u.origin === 'http://localhost:8080')).toBe(image)
    expect(isFont(u)).toBe(font)
  })
})
