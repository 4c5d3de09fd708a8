import { describe, expect, it } from 'vitest'
import {
  arrangeNavLinks,
  keyboardMoveNavLink,
  LEGACY_NAV_ORDER_KEY,
  loadNavOrder,
  migrateNavOrder,
  moveNavLink,
  navOrderKey,
  restoreNavOrder,
  saveNavOrder,
  type KeyValueStorage,
  type NavOrder,
} from './nav-pinning'

function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Map<string, string>
} {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, value) => {
      data.set(k, value)
    },
    removeItem: (k) => {
      data.delete(k)
    },
  }
}

const link = (id: string, defaultPinned = false) => ({ id, defaultPinned })
const ids = (xs: { id: string }[]) => xs.map((x) => x.id)

const FIVE = [link('a', true), link('b', true), link('c'), link('d'), link('e')]
const many = (n: number) => Array.from({ length: n }, (_, i) => link(`l${i}`, i === 0))

describe('arrangeNavLinks', () => {
  it.each([
    {
      rule: 'fewer than 4 permitted → all pinned',
      links: [link('a', true), link('b'), link('c')],
      saved: null,
      width: 1400,
      pinned: ['a', 'b', 'c'],
      unpinned: [],
    },
    {
      rule: 'fewer than 4 on mobile → all unpinned (a phone bar has no room)',
      links: [link('a'), link('b')],
      saved: null,
      width: 400,
      pinned: [],
      unpinned: ['a', 'b'],
    },
    {
      rule: 'fewer than 4 keeps the saved order',
      links: [link('a'), link('b'), link('c')],
      saved: { pinned: ['c'], unpinned: ['b', 'a'] },
      width: 1400,
      pinned: ['c', 'b', 'a'],
      unpinned: [],
    },
    {
      rule: '4 or more on desktop → by default-pinned flag',
      links: FIVE,
      saved: null,
      width: 1400,
      pinned: ['a', 'b'],
      unpinned: ['c', 'd', 'e'],
    },
    {
      rule: 'exactly 992 px is desktop',
      links: FIVE,
      saved: null,
      width: 992,
      pinned: ['a', 'b'],
      unpinned: ['c', 'd', 'e'],
    },
    {
      rule: 'under 992 px → all unpinned, in order',
      links: FIVE,
      saved: null,
      width: 991,
      pinned: [],
      unpinned: ['a', 'b', 'c', 'd', 'e'],
    },
    {
      rule: 'saved order restored',
      links: FIVE,
      saved: { pinned: ['e', 'a'], unpinned: ['d', 'c', 'b'] },
      width: 1400,
      pinned: ['e', 'a'],
      unpinned: ['d', 'c', 'b'],
    },
    {
      rule: 'unknown saved ids dropped, new ids appended by their flag',
      links: FIVE,
      saved: { pinned: ['gone', 'c'], unpinned: ['e', 'old'] },
      width: 1400,
      pinned: ['c', 'a', 'b'],
      unpinned: ['e', 'd'],
    },
  ])('$rule', ({ links, saved, width, pinned, unpinned }) => {
    const result = arrangeNavLinks(links, saved, width)
    expect(ids(result.pinned)).toEqual(pinned)
    expect(ids(result.unpinned)).toEqual(unpinned)
  })

  it.each([
    { count: 8, width: 1400, grid: false },
    { count: 9, width: 1400, grid: false }, // one is pinned by default: 8 remain unpinned
    { count: 10, width: 1400, grid: true },
    { count: 8, width: 500, grid: false },
    { count: 9, width: 500, grid: true },
  ])('$count links at $width px → grid $grid', ({ count, width, grid }) => {
    expect(arrangeNavLinks(many(count), null, width).grid).toBe(grid)
  })

  it.each([
    { links: FIVE, width: 1400, editable: true },
    { links: FIVE, width: 800, editable: false },
    { links: FIVE.slice(0, 3), width: 1400, editable: false },
  ])('editable is $editable for $links.length links at $width px', ({ links, width, editable }) => {
    expect(arrangeNavLinks(links, null, width).editable).toBe(editable)
  })
})

describe('restoreNavOrder', () => {
  it('ignores an id saved twice', () => {
    const result = restoreNavOrder(FIVE, { pinned: ['a', 'a'], unpinned: ['a', 'b'] })
    expect(ids(result.pinned)).toEqual(['a'])
    expect(ids(result.unpinned)).toEqual(['b', 'c', 'd', 'e'])
  })
})

describe('moveNavLink and keyboardMoveNavLink', () => {
  const order: NavOrder = { pinned: ['a', 'b'], unpinned: ['c', 'd'] }
  it.each([
    {
      move: { id: 'c', to: { list: 'pinned' as const, index: 1 } },
      pinned: ['a', 'c', 'b'],
      unpinned: ['d'],
    },
    {
      move: { id: 'a', to: { list: 'unpinned' as const, index: 9 } },
      pinned: ['b'],
      unpinned: ['c', 'd', 'a'],
    },
    {
      move: { id: 'b', to: { list: 'pinned' as const, index: 0 } },
      pinned: ['b', 'a'],
      unpinned: ['c', 'd'],
    },
  ])('drop $move.id at $move.to.list[$move.to.index]', ({ move, pinned, unpinned }) => {
    expect(moveNavLink(order, move.id, move.to)).toEqual({ pinned, unpinned })
  })

  it.each([
    { id: 'b', key: 'up' as const, expected: { pinned: ['b', 'a'], unpinned: ['c', 'd'] } },
    { id: 'a', key: 'up' as const, expected: order },
    { id: 'c', key: 'down' as const, expected: { pinned: ['a', 'b'], unpinned: ['d', 'c'] } },
    { id: 'd', key: 'down' as const, expected: order },
    { id: 'c', key: 'pin' as const, expected: { pinned: ['a', 'b', 'c'], unpinned: ['d'] } },
    { id: 'a', key: 'pin' as const, expected: order },
    { id: 'b', key: 'unpin' as const, expected: { pinned: ['a'], unpinned: ['b', 'c', 'd'] } },
    { id: 'x', key: 'up' as const, expected: order },
  ])('$key on $id', ({ id, key, expected }) => {
    expect(keyboardMoveNavLink(order, id, key)).toEqual(expected)
  })
})

describe('saved orders per view type', () => {
  it.each([
    { view: 'enterprise', key: 'wb.apollo.navOrder' },
    { view: 'consumer', key: 'wb.consumer.navOrder' },
    { view: 'admin', key: 'wb.admin.navOrder' },
  ])('$view is saved under $key', ({ view, key }) => {
    expect(navOrderKey(view)).toBe(key)
  })

  it('saves and restores per view type', () => {
    const storage = fakeStorage()
    saveNavOrder(storage, 'enterprise', { pinned: ['x'], unpinned: ['y'] })
    saveNavOrder(storage, 'consumer', { pinned: ['y'], unpinned: [] })
    expect(loadNavOrder(storage, 'enterprise')).toEqual({ pinned: ['x'], unpinned: ['y'] })
    expect(loadNavOrder(storage, 'consumer')).toEqual({ pinned: ['y'], unpinned: [] })
    expect(loadNavOrder(storage, 'admin')).toBeNull()
  })

  it.each([
    { stored: 'not json', expected: null },
    { stored: '{"pinned":"a"}', expected: null },
    { stored: '{"pinned":["a"],"unpinned":[]}', expected: { pinned: ['a'], unpinned: [] } },
  ])('parses $stored at the boundary', ({ stored, expected }) => {
    const storage = fakeStorage({ 'wb.apollo.navOrder': stored })
    expect(loadNavOrder(storage, 'enterprise')).toEqual(expected)
  })
})

describe('migrateNavOrder', () => {
  const legacy = JSON.stringify({ pinned: ['reports'], unpinned: ['faqs'] })
  const newer = JSON.stringify({ pinned: ['faqs'], unpinned: [] })

  it.each<{ case: string; initial: Record<string, string>; apollo: string | undefined }>([
    {
      case: 'legacy only → moved to the apollo key',
      initial: { [LEGACY_NAV_ORDER_KEY]: legacy },
      apollo: legacy,
    },
    {
      case: 'legacy and apollo → apollo kept, legacy dropped',
      initial: { [LEGACY_NAV_ORDER_KEY]: legacy, 'wb.apollo.navOrder': newer },
      apollo: newer,
    },
    {
      case: 'broken legacy → dropped, nothing written',
      initial: { [LEGACY_NAV_ORDER_KEY]: '{broken' },
      apollo: undefined,
    },
    { case: 'nothing saved → nothing written', initial: {}, apollo: undefined },
  ])('$case', ({ initial, apollo }) => {
    const storage = fakeStorage(initial)
    migrateNavOrder(storage)
    expect(storage.data.get('wb.apollo.navOrder')).toBe(apollo)
    expect(storage.data.has(LEGACY_NAV_ORDER_KEY)).toBe(false)
  })

  it('happens when any view loads its order, and only into the apollo key', () => {
    const storage = fakeStorage({ [LEGACY_NAV_ORDER_KEY]: legacy })
    expect(loadNavOrder(storage, 'consumer')).toBeNull()
    expect(loadNavOrder(storage, 'enterprise')).toEqual({ pinned: ['reports'], unpinned: ['faqs'] })
  })
})
