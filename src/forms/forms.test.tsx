import { useRef, useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ApiError, NetworkError } from '../api/http'
import { reportNetworkFailure } from '../offline/online-state'
import { SelectField, TextField } from '../ui'
import { ErrorSummary } from './ErrorSummary'
import { FormAlert } from './FormAlert'
import { usePasswordChecklist } from './PasswordChecklist'
import type { FieldCodes } from './form-codes'
import { useFieldErrors } from './useFieldErrors'
import { useFormSubmit, type SubmitOutcome } from './useFormSubmit'

const i18n = setupI18n({ locale: 'en-GB', messages: { 'en-GB': {} } })
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
)

type Field = 'name' | 'plan' | 'email'

/** A small form on the form layer: name, a plan list disabled until a name is typed, email. */
function TestForm({
  send,
  local = () => ({}),
  needsConnection = true,
  onOutcome = () => undefined,
}: {
  send: () => Promise<unknown>
  local?: (values: { name: string; email: string }) => FieldCodes<Field>
  needsConnection?: boolean
  onOutcome?: (outcome: SubmitOutcome<Field>) => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const form = useFormSubmit<Field>({ formRef, needsConnection })
  const { errorFor, summary } = useFieldErrors(
    {
      name: { noun: msg`name` },
      plan: { noun: msg`plan`, disabled: name === '' },
      email: { noun: msg`email address`, control: 'email-address' },
    },
    form.codes,
  )
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.submit({ local: local({ name, email }), send }).then(onOutcome)
      }}
    >
      {form.failure ? <FormAlert variant="error" title="Not saved" /> : null}
      <ErrorSummary items={summary} formRef={formRef} />
      <TextField
        label="Name"
        name="name"
        value={name}
        error={errorFor('name')}
        onChange={(e) => {
          setName(e.target.value)
          form.edited('name')
        }}
      />
      <SelectField label="Plan" name="plan" disabled={name === ''} error={errorFor('plan')}>
        <option value="">Choose</option>
      </SelectField>
      <TextField
        label="Email"
        name="email-address"
        value={email}
        error={errorFor('email')}
        onChange={(e) => {
          setEmail(e.target.value)
        }}
      />
      <p>status: {form.status}</p>
      <button type="submit">Save</button>
    </form>
  )
}

const missingAll = () => ({ name: 'MISSING', plan: 'MISSING', email: 'INVALID' }) as const

describe('the form layer', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('refuses locally: messages under fields, a summary, focus on the first invalid field', async () => {
    const send = vi.fn(() => Promise.resolve())
    render(<TestForm send={send} local={missingAll} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(send).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Name')).toHaveFocus()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please provide your name.')
    const summary = screen.getByRole('alert')
    expect(within(summary).getByText('There are problems with 2 answers')).toBeInTheDocument()
    // The disabled plan list carries no error, in the field or the summary.
    expect(screen.getByLabelText('Plan')).not.toHaveAttribute('aria-invalid')
    expect(within(summary).queryByText('Please provide your plan.')).not.toBeInTheDocument()
    expect(
      within(summary)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Please provide your name.', 'This email address is invalid.'])
  })

  it('moves focus to a field from its summary line, found by its control name', async () => {
    render(<TestForm send={() => Promise.resolve()} local={missingAll} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(screen.getByRole('button', { name: 'This email address is invalid.' }))
    expect(screen.getByLabelText('Email')).toHaveFocus()
  })

  it('forgets a field’s error once its answer changes', async () => {
    render(<TestForm send={() => Promise.resolve()} local={missingAll} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.type(screen.getByLabelText('Name'), 'A')
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('puts the server’s codes under their fields and focuses the first', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAIL', {
      errors: { 'email-x': 'X', email: ['EXISTS'] },
    })
    render(<TestForm send={() => Promise.reject(refusal)} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(screen.getByLabelText('Email')).toHaveFocus()
    })
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'This email address is already in use.',
    )
  })

  it.each<{ case: string; error: Error }>([
    { case: 'a refusal that names no field', error: new ApiError(403, 'FORBIDDEN', {}) },
    { case: 'a connection lost on the way', error: new NetworkError() },
  ])('focuses the form’s alert on $case', async ({ error }) => {
    render(<TestForm send={() => Promise.reject(error)} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(screen.getByText('Not saved').closest('[data-form-alert]')).toHaveFocus()
    })
    expect(screen.getByText('status: failed')).toBeInTheDocument()
  })

  it('does not send offline when the form needs a connection', async () => {
    reportNetworkFailure()
    const send = vi.fn(() => Promise.resolve())
    const onOutcome = vi.fn()
    render(<TestForm send={send} onOutcome={onOutcome} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(send).not.toHaveBeenCalled()
    await waitFor(() => {
      expect(onOutcome).toHaveBeenCalledWith({ status: 'failed', failure: { kind: 'offline' } })
    })
  })

  it('sends offline when the form queues, and ends queued', async () => {
    reportNetworkFailure()
    render(<TestForm send={() => Promise.resolve('queued')} needsConnection={false} />, {
      wrapper,
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('status: queued')).toBeInTheDocument()
  })

  it('ends in success when sent', async () => {
    render(<TestForm send={() => Promise.resolve()} />, { wrapper })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('status: success')).toBeInTheDocument()
  })
})

function Checklist({ password }: { password: string }) {
  const checklist = usePasswordChecklist(password)
  return (
    <>
      {checklist.hint}
      {checklist.list}
      <p>valid: {String(checklist.valid)}</p>
    </>
  )
}

describe('usePasswordChecklist', () => {
  it.each([
    { password: 'short', done: 0, valid: false },
    { password: 'longenough1', done: 1, valid: false },
    { password: 'Long-enough-1', done: 2, valid: true },
  ])('$password: $done rules met', ({ password, done, valid }) => {
    render(<Checklist password={password} />, { wrapper })
    const list = screen.getByRole('list', { name: 'Your new password needs:' })
    expect(within(list).queryAllByText('(done)')).toHaveLength(done)
    expect(screen.getByText(`valid: ${String(valid)}`)).toBeInTheDocument()
  })
})
