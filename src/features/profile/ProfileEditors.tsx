import {
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SignupProfile } from '#contracts/signup.ts'
import { SIGNUP_FIELD_NAMES, signupErrorMessage } from '../../lib/signup-errors'
import { Alert, Button, TextField } from '../../ui'
import {
  choiceValue,
  otherText,
  ProviderFields,
  signupCountryQueryOptions,
  withProviderAnswer,
  type ProviderValues,
} from '../signup'
import {
  ADDRESS_PARTS,
  addressCodes,
  addressFromValues,
  addressValues,
  broadbandCodes,
  broadbandValues,
  phoneCodes,
  type AddressValues,
  type BroadbandValues,
  type ProfileCodes,
} from './profile-form'
import { useProfileSave, type ProfileSaveFailure } from './useProfileSave'
import styles from './profile.module.css'

type EditorProps = { profile: SignupProfile; userId: number; onDone: (saved: boolean) => void }

const NOUNS: Record<string, MessageDescriptor> = {
  mobile_number: SIGNUP_FIELD_NAMES.mobile_number,
  line1: msg`address`,
  line2: msg`address line`,
  line3: msg`address line`,
  city: SIGNUP_FIELD_NAMES.installation_city,
  postcode: SIGNUP_FIELD_NAMES.post_code,
  phone: SIGNUP_FIELD_NAMES.installation_phone,
  isp: SIGNUP_FIELD_NAMES.isp,
  isp_other: SIGNUP_FIELD_NAMES.isp_other,
  package: SIGNUP_FIELD_NAMES.package,
  package_other: SIGNUP_FIELD_NAMES.package_other,
}

/** The translated message under a profile field for its code, or undefined. */
function useProfileFieldError(): (codes: ProfileCodes, field: string) => string | undefined {
  const { i18n } = useLingui()
  return (codes, field) => {
    const code = codes[field]
    const noun = NOUNS[field]
    if (code === undefined || noun === undefined) return undefined
    const message = signupErrorMessage(code, i18n._(noun))
    return message === null ? undefined : i18n._(message)
  }
}

/** After a refused save, focus goes to the first field in error, else to the form's alert. */
function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[data-form-alert]')
    target?.focus()
  }, [form, attempt])
}

function SaveAlert({ failure }: { failure: ProfileSaveFailure }) {
  if (failure === null) return null
  return (
    <div data-form-alert tabIndex={-1}>
      {failure === 'offline' ? (
        <Alert variant="warning" title={<Trans>You need a connection to save this</Trans>}>
          <Trans>Your change was not sent. Save again when you are back online.</Trans>
        </Alert>
      ) : failure === 'shipping' ? (
        <Alert variant="error" title={<Trans>These details can no longer be changed</Trans>}>
          <Trans>Your Whitebox is on its way. Contact us if something needs correcting.</Trans>
        </Alert>
      ) : (
        <Alert variant="error" title={<Trans>Your change could not be saved</Trans>}>
          <Trans>Something went wrong. Please try again later.</Trans>
        </Alert>
      )}
    </div>
  )
}

/**
 * An editor's form: the save alert, the fields, Save and Cancel. A save that succeeds or a cancel
 * closes the editor (`onDone`); a refused one keeps it open with focus on what to fix.
 */
function EditorForm({
  label,
  saver,
  onSave,
  onDone,
  children,
}: {
  label: string
  saver: Pick<ReturnType<typeof useProfileSave>, 'failure' | 'saving' | 'attempt'>
  /** Sends the change; resolves true when saved. */
  onSave: () => Promise<boolean>
  onDone: (saved: boolean) => void
  children: ReactNode
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useFocusOnRefusal(formRef, saver.attempt)
  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (await onSave()) onDone(true)
  }
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      aria-label={label}
    >
      <SaveAlert failure={saver.failure} />
      {children}
      <div className={styles.actions}>
        <Button type="submit" loading={saver.saving}>
          <Trans>Save</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onDone(false)
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

/** Edits the volunteer's phone number. */
export function PhoneEditor({ profile, userId, onDone }: EditorProps) {
  const { t } = useLingui()
  const [phone, setPhone] = useState(profile.mobile_number ?? '')
  const saver = useProfileSave(profile, userId, ['mobile_number'])
  const errorText = useProfileFieldError()
  return (
    <EditorForm
      label={t`Change your phone number`}
      saver={saver}
      onDone={onDone}
      onSave={() => {
        const trimmed = phone.trim()
        return saver.save(phoneCodes(phone), { mobile_number: trimmed === '' ? null : trimmed })
      }}
    >
      <TextField
        label={<Trans>Phone number (optional)</Trans>}
        name="mobile_number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        error={errorText(saver.codes, 'mobile_number')}
        onChange={(e) => {
          setPhone(e.target.value)
        }}
      />
    </EditorForm>
  )
}

const AUTOCOMPLETE: Record<(typeof ADDRESS_PARTS)[number], string> = {
  line1: 'address-line1',
  line2: 'address-line2',
  line3: 'address-line3',
  city: 'address-level2',
  postcode: 'postal-code',
  phone: 'tel',
}

/** Edits the installation or the delivery address (in the sign-up's country). */
export function AddressEditor({
  profile,
  userId,
  onDone,
  kind,
}: EditorProps & { kind: 'installation_address' | 'delivery_address' }) {
  const { t } = useLingui()
  const [values, setValues] = useState<AddressValues>(() =>
    addressValues(
      profile[kind] ?? (kind === 'delivery_address' ? profile.installation_address : null),
    ),
  )
  const saver = useProfileSave(profile, userId, ADDRESS_PARTS)
  const errorText = useProfileFieldError()
  const countryId = profile.country?.id
  const labels: Record<(typeof ADDRESS_PARTS)[number], ReactNode> = {
    line1: <Trans>Address line 1</Trans>,
    line2: <Trans>Address line 2 (optional)</Trans>,
    line3: <Trans>Address line 3 (optional)</Trans>,
    city: <Trans>City</Trans>,
    postcode: <Trans>Postcode</Trans>,
    phone: <Trans>Phone number at this address (optional)</Trans>,
  }
  if (countryId === undefined) return null
  return (
    <EditorForm
      label={
        kind === 'installation_address'
          ? t`Change your installation address`
          : t`Change your delivery address`
      }
      saver={saver}
      onDone={onDone}
      onSave={() =>
        saver.save(addressCodes(values), { [kind]: addressFromValues(values, countryId) }, kind)
      }
    >
      {ADDRESS_PARTS.map((part) => (
        <TextField
          key={part}
          label={labels[part]}
          name={part}
          autoComplete={AUTOCOMPLETE[part]}
          required={part === 'line1' || part === 'city' || part === 'postcode'}
          {...(part === 'phone' ? { type: 'tel', inputMode: 'tel' as const } : {})}
          value={values[part]}
          error={errorText(saver.codes, part)}
          onChange={(e) => {
            const next = e.target.value
            setValues((current) => ({ ...current, [part]: next }))
          }}
        />
      ))}
      <TextField
        label={<Trans>Country</Trans>}
        value={profile.country?.name ?? ''}
        disabled
        readOnly
      />
    </EditorForm>
  )
}

const PROVIDER_NAMES = {
  isp: 'isp',
  ispOther: 'isp_other',
  package: 'package',
  packageOther: 'package_other',
} as const

/** Edits the provider and package (each with other and unknown, like the sign-up form). */
export function BroadbandEditor({ profile, userId, onDone }: EditorProps) {
  const { t } = useLingui()
  const [values, setValues] = useState<BroadbandValues>(() => broadbandValues(profile))
  const saver = useProfileSave(profile, userId, Object.values(PROVIDER_NAMES))
  const errorText = useProfileFieldError()
  const countryId = profile.country?.id ?? 0
  const country = useQuery({ ...signupCountryQueryOptions(countryId), enabled: countryId > 0 })
  const handleChange = (part: keyof ProviderValues, value: string) => {
    setValues((current) => withProviderAnswer(current, PROVIDER_NAMES, part, value))
  }
  return (
    <EditorForm
      label={t`Change your broadband details`}
      saver={saver}
      onDone={onDone}
      onSave={() =>
        saver.save(broadbandCodes(values), {
          isp: choiceValue(values.isp),
          ispOther: otherText(values.isp, values.isp_other),
          package: choiceValue(values.package),
          packageOther: otherText(values.package, values.package_other),
        })
      }
    >
      <ProviderFields
        country={country}
        names={PROVIDER_NAMES}
        values={values}
        wording="package"
        errorFor={(field) => errorText(saver.codes, field)}
        onChange={handleChange}
      />
    </EditorForm>
  )
}
