import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { checkPassword } from '#contracts/password.ts'
import { putPassword } from '../../api/settings.api'
import { getTokens, useSession } from '../../session'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  usePasswordChecklist,
  type FieldCodes,
} from '../../forms'
import { Button, PageTitle, PasswordField } from '../../ui'
import { BackLink } from './components/BackLink'
import styles from './settings.module.css'

const FIELDS = {
  current_password: { noun: msg`current password`, control: 'current-password' },
  password: { noun: msg`new password`, control: 'new-password' },
  password_confirmation: { noun: msg`password confirmation`, control: 'new-password-confirmation' },
}
type PasswordFormField = keyof typeof FIELDS

/** The form codes of a password change the device can tell before asking the server (seeds 5, 8.2). */
export function passwordFormCodes(values: {
  currentPassword: string
  password: string
  confirmation: string
}): FieldCodes<PasswordFormField> {
  const codes: FieldCodes<PasswordFormField> = {}
  if (values.currentPassword === '') codes.current_password = 'MISSING'
  if (values.password === '') codes.password = 'MISSING'
  else if (!checkPassword(values.password).valid) codes.password = 'INVALID_PASSWORD_FORMAT'
  if (values.confirmation === '') codes.password_confirmation = 'MISSING'
  else if (values.confirmation !== values.password) {
    codes.password_confirmation = 'DOES_NOT_MATCH_PASSWORD'
  }
  return codes
}

/** Seeds 2.4 personal-details/password: current, new and confirmed password (codes of 8.2). */
export function PasswordPage() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const form = useFormSubmit<PasswordFormField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  const checklist = usePasswordChecklist(password)
  if (!session) return null

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local = passwordFormCodes({ currentPassword, password, confirmation })
    await form.submit({
      fieldOf: fieldIn(FIELDS),
      local,
      send: async () => {
        const refreshToken = getTokens()?.refreshToken.token
        await putPassword(session.sub, {
          current_password: currentPassword,
          password,
          password_confirmation: confirmation,
          // This login stays signed in; the account's other logins are ended.
          ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
        })
        await navigate({ to: '/settings/personal-details', search: { updated: 'password' } })
      },
    })
  }

  return (
    <div className={styles.page}>
      <BackLink to="/settings/personal-details">
        <Trans>Personal details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Change your password`}>
        <Trans>Change your password</Trans>
      </PageTitle>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Changing your password needs an internet connection. What you typed stays here; save
              again when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>Your password could not be changed</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <PasswordField
          label={<Trans>Current password</Trans>}
          name="current-password"
          autoComplete="current-password"
          required
          value={currentPassword}
          error={errorFor('current_password')}
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          onChange={(e) => {
            setCurrentPassword(e.target.value)
          }}
        />
        <PasswordField
          label={<Trans>New password</Trans>}
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          error={errorFor('password')}
          hint={checklist.hint}
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          onChange={(e) => {
            setPassword(e.target.value)
          }}
        />
        {checklist.list}
        <PasswordField
          label={<Trans>Confirm new password</Trans>}
          name="new-password-confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errorFor('password_confirmation')}
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          onChange={(e) => {
            setConfirmation(e.target.value)
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </div>
  )
}
