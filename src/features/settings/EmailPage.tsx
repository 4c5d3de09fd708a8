import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SettingsCodes } from '#contracts/settings.ts'
import { putEmail } from '../../api/settings.api'
import { refreshSession, useSession } from '../../session'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { Alert, Button, PageTitle, PasswordField, TextField } from '../../ui'
import { BackLink } from './components/BackLink'
import { settingsKeys } from './settings.queries'
import styles from './settings.module.css'

const FIELDS = {
  email: { noun: msg`email` },
  email_confirmation: { noun: msg`email confirmation`, control: 'email-confirmation' },
  current_password: { noun: msg`current password`, control: 'current-password' },
}
type EmailFormField = keyof typeof FIELDS

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The form codes of an email change the device can tell before asking the server (seeds 5). */
export function emailFormCodes(values: {
  email: string
  confirmation: string
  currentPassword: string
}): FieldCodes<EmailFormField> {
  const codes: FieldCodes<EmailFormField> = {}
  const email = values.email.trim()
  if (email === '') codes.email = 'MISSING'
  else if (!EMAIL_PATTERN.test(email)) codes.email = 'INVALID'
  if (values.confirmation.trim() === '') codes.email_confirmation = 'MISSING'
  else if (values.confirmation.trim().toLowerCase() !== email.toLowerCase()) {
    codes.email_confirmation = SettingsCodes.DOES_NOT_MATCH_EMAIL
  }
  if (values.currentPassword === '') codes.current_password = 'MISSING'
  return codes
}

/** Seeds 2.4 personal-details/email: the new email twice and the current password. */
export function EmailPage() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const form = useFormSubmit<EmailFormField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  if (!session) return null
  const currentEmail = session.email

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local = emailFormCodes({ email, confirmation, currentPassword })
    await form.submit({
      fieldOf: fieldIn(FIELDS),
      local,
      send: async () => {
        await putEmail(session.sub, {
          email: email.trim(),
          email_confirmation: confirmation.trim(),
          current_password: currentPassword,
        })
        void queryClient.invalidateQueries({ queryKey: settingsKeys.personal(session.sub) })
        void refreshSession()
        await navigate({ to: '/settings/personal-details', search: { updated: 'email' } })
      },
    })
  }

  return (
    <div className={styles.page}>
      <BackLink to="/settings/personal-details">
        <Trans>Personal details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Change your email`}>
        <Trans>Change your email</Trans>
      </PageTitle>
      {session.migrated ? (
        // Seeds 1: in deployments moved to the other platform, the email is changed there.
        <Alert variant="info" title={<Trans>Your account has moved</Trans>}>
          <Trans>
            Your account is now managed on our new platform. Change your email address there.
          </Trans>
        </Alert>
      ) : (
        <form
          ref={formRef}
          className={styles.form}
          noValidate
          onSubmit={(e) => void handleSubmit(e)}
        >
          <p className={styles.muted}>
            <Trans>Your current email is {currentEmail}.</Trans>
          </p>
          {form.offline ? (
            <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
              <Trans>
                Changing your email needs an internet connection. What you typed stays here; save
                again when you are back online.
              </Trans>
            </FormAlert>
          ) : null}
          {form.failure?.kind === 'other' ? (
            <FormAlert variant="error" title={<Trans>Your email could not be changed</Trans>}>
              <Trans>Something went wrong. Please try again.</Trans>
            </FormAlert>
          ) : null}
          <ErrorSummary items={summary} formRef={formRef} />
          <TextField
            label={<Trans>New email</Trans>}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            error={errorFor('email')}
            onChange={(e) => {
              setEmail(e.target.value)
            }}
          />
          <TextField
            label={<Trans>Confirm new email</Trans>}
            type="email"
            name="email-confirmation"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={confirmation}
            error={errorFor('email_confirmation')}
            onChange={(e) => {
              setConfirmation(e.target.value)
            }}
          />
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
          <div className={styles.actions}>
            <Button type="submit" loading={form.submitting}>
              <Trans>Change email</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
