import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderInTestRouter } from '../testing/router'
import { TabLink, TabNav, tabKeyTarget } from './TabNav'

describe('tabKeyTarget (arrows along a row of tabs)', () => {
  it.each([
    { key: 'ArrowRight', index: 0, rtl: false, expected: 1 },
    { key: 'ArrowLeft', index: 0, rtl: false, expected: 3 },
    { key: 'ArrowRight', index: 3, rtl: false, expected: 0 },
    // Right to left the row runs from the right: ArrowLeft goes on.
    { key: 'ArrowLeft', index: 0, rtl: true, expected: 1 },
    { key: 'ArrowRight', index: 0, rtl: true, expected: 3 },
    { key: 'Home', index: 2, rtl: false, expected: 0 },
    { key: 'End', index: 0, rtl: true, expected: 3 },
    { key: 'Enter', index: 0, rtl: false, expected: null },
  ])('$key from $index (rtl $rtl) → $expected', ({ key, index, rtl, expected }) => {
    expect(tabKeyTarget(key, index, 4, rtl)).toBe(expected)
  })
})

/** Three tabs over any page of a small in-memory router, opened at `path`. */
async function renderTabs(path: string) {
  const { router } = await renderInTestRouter(
    <TabNav label="Unit pages">
      <TabLink to="/units/$unitId/test-results" params={{ unitId: '1' }}>
        Test results
      </TabLink>
      {null}
      <TabLink to="/units/$unitId/customer-results" params={{ unitId: '1' }}>
        Customer’s view
      </TabLink>
      <TabLink to="/units/search">Search</TabLink>
    </TabNav>,
    { path },
  )
  const nav = await screen.findByRole('navigation', { name: 'Unit pages' })
  return { router, nav, links: within(nav).getAllByRole('link') }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('TabNav', () => {
  it('is a labelled list of links, the open one marked as the current page, empty slots left out', async () => {
    const { nav, links } = await renderTabs('/units/1/customer-results')
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3)
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null])
  })

  it('arrow keys, Home and End move along the row', async () => {
    const { links } = await renderTabs('/units/1/test-results')
    const user = userEvent.setup()
    links[0]?.focus()
    await user.keyboard('{ArrowRight}')
    expect(links[1]).toHaveFocus()
    await user.keyboard('{End}')
    expect(links[2]).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(links[0]).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(links[2]).toHaveFocus()
  })

  it('measures nothing at the first paint with the first tab open; brings the open tab into view after a change', async () => {
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    const { router } = await renderTabs('/units/1/test-results')
    expect(measure).not.toHaveBeenCalled()
    await act(() => router.navigate({ to: '/units/search' }))
    expect(measure).toHaveBeenCalled()
  })

  it('opened on a later tab, brings it into view at once', async () => {
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    await renderTabs('/units/search')
    expect(measure).toHaveBeenCalled()
  })
})
