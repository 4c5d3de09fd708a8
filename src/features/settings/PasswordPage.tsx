import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { checkPassword } from '#contracts/password.ts'
import { putPassword } from '../../api/settings.api'
import { getTokens, useSession } from '../../session'
import { Button, PageTitle, PasswordField } from '../../ui'
import { BackLink } from './components/BackLink'
import { useFieldError } from './components/FieldError'
import { FormAlert } from './components/FormAlert'
import type { FieldCodes } from './form-errors'
import { useOnlineFormSubmit } from './useOnlineFormSubmit'
import styles from './settings.module.css'

/** The form codes of a password change the device can tell before asking the server (seeds 5, 8.2). */
export function passwordFormCodes(values: {
  currentPassword: string
  password: string
  confirmation: string
}): FieldCodes {
  const codes: FieldCodes = {}
  if (values.currentPassword === '') codes.current_password = 'MISSING'
  if (values.password === '') codes.password = 'MISSING'
  else if (!checkPassword(values.password).valid) codes.password = 'INVALID_PASSWORD_FORMAT'
  if (values.confirmation === '') codes.password_confirmation = 'MISSING'
  else if (values.confirmation !== values.password) {
    codes.password_confirmation = 'DOES_NOT_MATCH_PASSWORD'
  }
  return codes
}

function CheckItem({ met, children }: { met: boolean; children: ReactNode }) {
  return (
    <li className={met ? styles.met : styles.unmet}>
      <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
      {children}
      <span className="wb-visually-hidden">
        {met ? <Trans>(done)</Trans> : <Trans>(not yet)</Trans>}
      </span>
    </li>
  )
}

/** Seeds 2.4 personal-details/password: current, new and confirmed password (codes of 8.2). */
export function PasswordPage() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const checklistId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const { online, codes, failure, saving, submit } = useOnlineFormSubmit(formRef)
  const errorFor = useFieldError()
  if (!session) return null
  const check = checkPassword(password)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local = passwordFormCodes({ currentPassword, password, confirmation })
    await submit(local, async () => {
      const refreshToken = getTokens()?.refreshToken.token
      await putPassword(session.sub, {
        current_password: currentPassword,
        password,
        password_confirmation: confirmation,
        // This login stays signed in; the account's other logins are ended.
        ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
      })
      await navigate({ to: '/settings/personal-details', search: { updated: 'password' } })
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
        {!online || failure === 'offline' ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Changing your password needs an internet connection. What you typed stays here; save
              again when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {failure === 'other' ? (
          <FormAlert variant="error" title={<Trans>Your password could not be changed</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
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
        <PasswordField
          label={<Trans>New password</Trans>}
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          error={errorFor(codes.password, t`new password`)}
          hint={
            <span id={checklistId}>
              <Trans>Your new password needs:</Trans>
            </span>
          }
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          onChange={(e) => {
            setPassword(e.target.value)
          }}
        />
        <ul className={styles.checklist} aria-labelledby={checklistId} aria-live="polite">
          <CheckItem met={check.length}>
            <Trans>10 to 128 characters</Trans>
          </CheckItem>
          <CheckItem met={check.variety}>
            <Trans>Three of: lower case, upper case, digits and symbols</Trans>
          </CheckItem>
        </ul>
        <PasswordField
          label={<Trans>Confirm new password</Trans>}
          name="new-password-confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errorFor(codes.password_confirmation, t`password confirmation`)}
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          onChange={(e) => {
            setConfirmation(e.target.value)
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </div>
  )
}
