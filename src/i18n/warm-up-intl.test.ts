import { describe, expect, it, vi } from 'vitest'
import { warmUpIntl } from './warm-up-intl'

describe('warmUpIntl', () => {
  it('makes the formats one scheduled task at a time, never all in the caller’s task', () => {
    const queue: (() => void)[] = []
    const made = vi.spyOn(Intl, 'NumberFormat')
    warmUpIntl('en-GB', (work) => queue.push(work))
    expect(made).not.toHaveBeenCalled()
    expect(queue).toHaveLength(1)
    queue.shift()?.()
    expect(made).toHaveBeenCalledWith('en-GB')
    let tasks = 1
    while (queue.length > 0) {
      expect(queue).toHaveLength(1)
      queue.shift()?.()
      tasks += 1
    }
    expect(tasks).toBe(4)
    made.mockRestore()
  })

  it('goes on past a format the engine refuses', () => {
    const queue: (() => void)[] = []
    const refused = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('unsupported')
    })
    const plural = vi.spyOn(Intl, 'PluralRules')
    warmUpIntl('ar-SA', (work) => queue.push(work))
    while (queue.length > 0) queue.shift()?.()
    expect(refused).toHaveBeenCalled()
    expect(plural).toHaveBeenCalledWith('ar-SA')
    refused.mockRestore()
    plural.mockRestore()
  })
})
