import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadTextFile } from './download-file'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function download(text: string): Promise<{ body: string; type: string; name: string }> {
  let blob: Blob | null = null
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((value: Blob) => {
        blob = value
        return 'blob:x'
      }),
      revokeObjectURL: vi.fn(),
    }),
  )
  let name = ''
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    name = this.download
  })
  downloadTextFile('data.csv', text)
  const saved = blob as Blob | null
  if (!saved) throw new Error('no blob')
  const bytes = new Uint8Array(await saved.arrayBuffer())
  return {
    body: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    type: saved.type,
    name,
  }
}

describe('downloadTextFile', () => {
  it.each([
    { text: 'a,b', expected: '\uFEFFa,b' },
    { text: '\uFEFFa,b', expected: '\uFEFFa,b' },
    { text: '', expected: '\uFEFF' },
  ])('saves $text with exactly one byte-order mark', async ({ text, expected }) => {
    const saved = await download(text)
    expect(saved.body).toBe(expected)
    expect(saved.type).toBe('text/csv;charset=utf-8')
    expect(saved.name).toBe('data.csv')
    expect(document.querySelector('a[download]')).toBeNull()
  })
})
