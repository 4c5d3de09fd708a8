import { useRef, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { NAME_MAX_LENGTH } from '#contracts/settings.ts'
import { putNames } from '../../api/settings.api'
import { refreshSession, useSession } from '../../session'
import { Button, PageTitle, TextField } from '../../ui'
import { BackLink } from './components/BackLink'
import { useFieldError } from './components/FieldError'
import { FormAlert } from './components/FormAlert'
import type { FieldCodes } from './form-errors'
import { settingsKeys } from './settings.queries'
import { useOnlineFormSubmit } from './useOnlineFormSubmit'
import styles from './settings.module.css'

/** Seeds 2.4 personal-details/name: first and last name (at most 50 characters each). */
export function NamePage() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [firstName, setFirstName] = useState(session?.firstName ?? '')
  const [lastName, setLastName] = useState(session?.lastName ?? '')
  const { online, codes, failure, saving, submit } = useOnlineFormSubmit(formRef)
  const errorFor = useFieldError()
  if (!session) return null

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const first = firstName.trim()
    const last = lastName.trim()
    const missing: FieldCodes = {}
    if (first === '') missing.first_name = 'MISSING'
    if (last === '') missing.last_name = 'MISSING'
    await submit(missing, async () => {
      const info = await putNames(session.sub, { first_name: first, last_name: last })
      queryClient.setQueryData(settingsKeys.personal(session.sub), info)
      void refreshSession()
      await navigate({ to: '/settings/personal-details', search: { updated: 'name' } })
    })
  }

  return (
    <div className={styles.page}>
      <BackLink to="/settings/personal-details">
        <Trans>Personal details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Change your name`}>
        <Trans>Change your name</Trans>
      </PageTitle>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        {!online || failure === 'offline' ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Changing your name needs an internet connection. What you typed stays here; save again
              when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {failure === 'other' ? (
          <FormAlert variant="error" title={<Trans>Your name could not be changed</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <TextField
          label={<Trans>First name</Trans>}
          name="given-name"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={firstName}
          error={errorFor(codes.first_name, t`first name`)}
          onChange={(e) => {
            setFirstName(e.target.value)
          }}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          name="family-name"
          autoComplete="family-name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={lastName}
          error={errorFor(codes.last_name, t`last name`)}
          onChange={(e) => {
            setLastName(e.target.value)
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            <Trans>Save name</Trans>
          </Button>
        </div>
      </form>
    </div>
  )
}
