import { useRef, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { SettingsCodes } from '#contracts/settings.ts'
import { putEmail } from '../../api/settings.api'
import { refreshSession, useSession } from '../../session'
import { Alert, Button, PageTitle, PasswordField, TextField } from '../../ui'
import { BackLink } from './components/BackLink'
import { useFieldError } from './components/FieldError'
import { FormAlert } from './components/FormAlert'
import type { FieldCodes } from './form-errors'
import { settingsKeys } from './settings.queries'
import { useOnlineFormSubmit } from './useOnlineFormSubmit'
import styles from './settings.module.css'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The form codes of an email change the device can tell before asking the server (seeds 5). */
export function emailFormCodes(values: {
  email: string
  confirmation: string
  currentPassword: string
}): FieldCodes {
  const codes: FieldCodes = {}
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
  const { online, codes, failure, saving, submit } = useOnlineFormSubmit(formRef)
  const errorFor = useFieldError()
  if (!session) return null
  const currentEmail = session.email

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local = emailFormCodes({ email, confirmation, currentPassword })
    await submit(local, async () => {
      await putEmail(session.sub, {
        email: email.trim(),
        email_confirmation: confirmation.trim(),
        current_password: currentPassword,
      })
      void queryClient.invalidateQueries({ queryKey: settingsKeys.personal(session.sub) })
      void refreshSession()
      await navigate({ to: '/settings/personal-details', search: { updated: 'email' } })
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
          {!online || failure === 'offline' ? (
            <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
              <Trans>
                Changing your email needs an internet connection. What you typed stays here; save
                again when you are back online.
              </Trans>
            </FormAlert>
          ) : null}
          {failure === 'other' ? (
            <FormAlert variant="error" title={<Trans>Your email could not be changed</Trans>}>
              <Trans>Something went wrong. Please try again.</Trans>
            </FormAlert>
          ) : null}
          <TextField
            label={<Trans>New email</Trans>}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            error={errorFor(codes.email, t`email`)}
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
            error={errorFor(codes.email_confirmation, t`email confirmation`)}
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
            error={errorFor(codes.current_password, t`current password`)}
            showLabel={t`Show`}
            hideLabel={t`Hide`}
            onChange={(e) => {
              setCurrentPassword(e.target.value)
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={saving}>
              <Trans>Change email</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
