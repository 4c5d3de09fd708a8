import { Trans } from '@lingui/react/macro'
import { TextField } from '../../../ui'

/** What a form binds to one of its text fields: name, value, error and change handler. */
export type TextFieldBinding = {
  name: string
  value: string
  error: string | undefined
  onChange: (event: { target: { value: string } }) => void
}

/** First name, last name and email, as both sign-up forms ask for them (seeds 2.5). */
export function NameEmailFields({
  field,
}: {
  field: (name: 'first_name' | 'last_name' | 'email') => TextFieldBinding
}) {
  return (
    <>
      <TextField
        label={<Trans>First name</Trans>}
        autoComplete="given-name"
        required
        {...field('first_name')}
      />
      <TextField
        label={<Trans>Last name</Trans>}
        autoComplete="family-name"
        required
        {...field('last_name')}
      />
      <TextField
        label={<Trans>Email address</Trans>}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        required
        {...field('email')}
      />
    </>
  )
}
