import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { EmailAddress } from './EmailAddress'

describe('EmailAddress', () => {
  it.each([
    { email: 'olivia.nguyen@example.net', before: 'olivia.nguyen@', after: 'example.net' },
    { email: 'a@b', before: 'a@', after: 'b' },
  ])('may wrap only after the @ of $email', ({ email, before, after }) => {
    const { container } = render(<EmailAddress email={email} />)
    const span = container.firstElementChild
    expect(span?.textContent).toBe(email)
    const wbr = span?.querySelector('wbr')
    expect(wbr?.previousSibling?.textContent).toBe(before)
    expect(wbr?.nextSibling?.textContent).toBe(after)
  })

  it('leaves a value without an @ whole', () => {
    const { container } = render(<EmailAddress email="not-an-email" />)
    expect(container.querySelector('wbr')).toBeNull()
    expect(container.textContent).toBe('not-an-email')
  })
})
