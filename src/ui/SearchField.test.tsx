import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { highlightParts, SearchField, type SearchSuggestion } from './SearchField'

const SUGGESTIONS: SearchSuggestion[] = [
  { id: '35', label: 'Unit 35', detail: 'WB00000035 · D8:4F:B8:10:00:23' },
  { id: '36', label: 'Unit 36', detail: 'WB00000036 · D8:4F:B8:10:00:24' },
  { id: '135', label: 'Unit 135', detail: 'WB00000135' },
]

function Harness({
  onSearch = vi.fn(),
  onSuggestionSelect = vi.fn(),
  trim = false,
  initial = '',
  suggestions = SUGGESTIONS,
}: {
  onSearch?: (term: string) => void
  onSuggestionSelect?: (s: SearchSuggestion) => void
  trim?: boolean
  initial?: string
  suggestions?: SearchSuggestion[]
}) {
  const [value, setValue] = useState(initial)
  return (
    <div>
      <p>Outside</p>
      <SearchField
        label="Find a unit"
        value={value}
        onValueChange={setValue}
        onSearch={onSearch}
        suggestions={value === '' ? [] : suggestions}
        onSuggestionSelect={onSuggestionSelect}
        suggestionsLabel="Recent units"
        trim={trim}
        submitLabel="Search"
        clearLabel="Clear search"
      />
    </div>
  )
}

const input = () => screen.getByRole('combobox', { name: 'Find a unit' })

describe('highlightParts', () => {
  it.each([
    { text: 'Unit 35', query: '', expected: [{ text: 'Unit 35', match: false }] },
    { text: '', query: 'x', expected: [] },
    {
      text: 'Unit 35',
      query: 'unit',
      expected: [
        { text: 'Unit', match: true },
        { text: ' 35', match: false },
      ],
    },
    {
      text: 'a.b.a.b',
      query: 'a.',
      expected: [
        { text: 'a.', match: true },
        { text: 'b.', match: false },
        { text: 'a.', match: true },
        { text: 'b', match: false },
      ],
    },
    { text: 'WB0035', query: '(x)', expected: [{ text: 'WB0035', match: false }] },
    {
      text: 'مرحبا بك',
      query: 'بك',
      expected: [
        { text: 'مرحبا ', match: false },
        { text: 'بك', match: true },
      ],
    },
  ])('$text with "$query"', ({ text, query, expected }) => {
    expect(highlightParts(text, query)).toEqual(expected)
  })
})

describe('SearchField', () => {
  it('searches the typed term with Enter and with the submit button, never an empty one', async () => {
    const user = userEvent.setup()
    const onSearch = vi.fn()
    render(<Harness onSearch={onSearch} suggestions={[]} />)
    await user.click(input())
    await user.keyboard('{Enter}')
    await user.type(input(), '   ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(onSearch).not.toHaveBeenCalled()

    await user.clear(input())
    await user.type(input(), '35{Enter}')
    expect(onSearch).toHaveBeenLastCalledWith('35')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(onSearch).toHaveBeenCalledTimes(2)
  })

  it.each([
    { trim: true, typed: '  d8:4f  ', searched: 'd8:4f', shown: 'd8:4f' },
    { trim: false, typed: '  d8:4f  ', searched: '  d8:4f  ', shown: '  d8:4f  ' },
  ])('trim $trim: searches "$searched"', async ({ trim, typed, searched, shown }) => {
    const user = userEvent.setup()
    const onSearch = vi.fn()
    render(<Harness onSearch={onSearch} trim={trim} suggestions={[]} />)
    await user.type(input(), `${typed}{Enter}`)
    expect(onSearch).toHaveBeenCalledWith(searched)
    expect(input()).toHaveValue(shown)
  })

  it('clears with the clear button and keeps the focus in the field', async () => {
    const user = userEvent.setup()
    render(<Harness initial="35" />)
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(input()).toHaveValue('')
    expect(input()).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
  })

  it('opens suggestions as the user types, highlights the typed text, and names the list', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(input()).toHaveAttribute('aria-expanded', 'false')
    await user.type(input(), '35')
    expect(input()).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('listbox', { name: 'Recent units' })
    expect(input()).toHaveAttribute('aria-controls', list.id)
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(3)
    const marks = options[0]?.querySelectorAll('mark') ?? []
    expect([...marks].map((m) => m.textContent)).toEqual(['35', '35'])
  })

  it('moves through suggestions with the arrow keys (wrapping) and selects with Enter', async () => {
    const user = userEvent.setup()
    const onSearch = vi.fn()
    const onSuggestionSelect = vi.fn()
    render(<Harness onSearch={onSearch} onSuggestionSelect={onSuggestionSelect} />)
    await user.type(input(), '3')
    const options = () => screen.getAllByRole('option')
    expect(input()).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(input()).toHaveAttribute('aria-activedescendant', options()[0]?.id)
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(input()).toHaveAttribute('aria-activedescendant', options()[0]?.id)
    await user.keyboard('{ArrowUp}')
    expect(input()).toHaveAttribute('aria-activedescendant', options()[2]?.id)

    await user.keyboard('{Enter}')
    expect(onSuggestionSelect).toHaveBeenCalledWith(SUGGESTIONS[2])
    expect(onSearch).not.toHaveBeenCalled()
    expect(input()).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes with Escape, then clears with a second Escape', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(input(), '35')
    await user.keyboard('{ArrowDown}{Escape}')
    expect(input()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
    expect(input()).toHaveValue('35')
    await user.keyboard('{Escape}')
    expect(input()).toHaveValue('')
  })

  it('closes when clicking outside, and selects a suggestion by click', async () => {
    const user = userEvent.setup()
    const onSuggestionSelect = vi.fn()
    render(<Harness onSuggestionSelect={onSuggestionSelect} />)
    await user.type(input(), '36')
    await user.click(screen.getByText('Outside'))
    expect(input()).toHaveAttribute('aria-expanded', 'false')

    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(input()).toHaveAttribute('aria-expanded', 'true')
    const option = screen.getByRole('option', { name: 'Unit 36' })
    expect(option).toHaveAccessibleDescription('WB00000036 · D8:4F:B8:10:00:24')
    await user.click(option)
    expect(onSuggestionSelect).toHaveBeenCalledWith(SUGGESTIONS[1])
  })

  it('keeps the submit button named when it shows only its icon', () => {
    render(<Harness />)
    const submit = screen.getByRole('button', { name: 'Search' })
    expect(submit.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
    expect(submit).toHaveAccessibleName('Search')
  })
})
