import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { AdminRoleSchema, type AdminRole } from '#contracts/admin.ts'
import { adminKeys, createUser } from '../../api/admin.api'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { Button, PageTitle, SelectField, TextField, useToast } from '../../ui'
import { BackLink, ROLE_TEXT, useAdmin } from './shared'
import styles from './Admin.module.css'

const FIELDS = {
  email: { noun: msg`email address` },
  first_name: { noun: msg`first name` },
  last_name: { noun: msg`last name` },
  role: { noun: msg`role` },
}
type UserField = keyof typeof FIELDS

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The form's own checks before sending (the server checks the same and more). */
export function newUserProblems(input: {
  email: string
  first_name: string
  last_name: string
}): FieldCodes<UserField> {
  const codes: FieldCodes<UserField> = {}
  if (input.email === '') codes.email = 'MISSING'
  else if (!EMAIL.test(input.email)) codes.email = 'INVALID'
  if (input.first_name === '') codes.first_name = 'MISSING'
  if (input.last_name === '') codes.last_name = 'MISSING'
  return codes
}

/**
 * Creates a user of the panel's organisation (seeds 001 §2.6): email, names and role. No
 * password: the user gets a link to set one by mail. An address in use is refused (EXISTS).
 */
export function CreateUserPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '' })
  const [role, setRole] = useState<AdminRole>('home_user')
  const form = useFormSubmit<UserField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)

  const set = (field: 'email' | 'first_name' | 'last_name', value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    form.edited(field)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = {
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
    }
    await form.submit({
      local: newUserProblems(input),
      fieldOf: fieldIn(FIELDS),
      send: async () => {
        const created = await createUser(admin.panelId, { ...input, role })
        void queryClient.invalidateQueries({ queryKey: adminKeys.users(admin.panelId) })
        queryClient.setQueryData(adminKeys.user(admin.panelId, created.user.id), created)
        toast.show({ message: t`The user is created. They get an email to set their password.` })
        await navigate({ to: '/admin/user/$userId', params: { userId: String(created.user.id) } })
      },
    })
  }

  return (
    <>
      <BackLink to="/admin/users">
        <Trans>All users</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Create a user`}>
        <Trans>Create a user</Trans>
      </PageTitle>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Creating a user needs an internet connection. What you typed stays here; try again
              when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The user could not be created</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={<Trans>Email address</Trans>}
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          value={values.email}
          error={errorFor('email')}
          hint={<Trans>The user gets a link at this address to set their password.</Trans>}
          onChange={(event) => {
            set('email', event.target.value)
          }}
        />
        <TextField
          label={<Trans>First name</Trans>}
          name="first_name"
          autoComplete="off"
          maxLength={100}
          required
          value={values.first_name}
          error={errorFor('first_name')}
          onChange={(event) => {
            set('first_name', event.target.value)
          }}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          name="last_name"
          autoComplete="off"
          maxLength={100}
          required
          value={values.last_name}
          error={errorFor('last_name')}
          onChange={(event) => {
            set('last_name', event.target.value)
          }}
        />
        <SelectField
          label={<Trans>Role</Trans>}
          name="role"
          value={role}
          error={errorFor('role')}
          onChange={(event) => {
            setRole(event.target.value as AdminRole)
            form.edited('role')
          }}
        >
          {AdminRoleSchema.options.map((option) => (
            <option key={option} value={option}>
              {i18n._(ROLE_TEXT[option])}
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Create the user</Trans>
          </Button>
        </div>
      </form>
    </>
  )
}
