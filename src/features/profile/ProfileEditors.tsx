import { useRef, useState, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SignupProfile } from '#contracts/signup.ts'
import {
  ErrorSummary,
  FormAlert,
  useFieldErrors,
  type FieldSpecs,
  type SubmitFailure,
} from '../../forms'
import { SIGNUP_FIELD_NAMES } from '../../lib/signup-errors'
import { Button, TextField } from '../../ui'
import {
  choiceValue,
  findIsp,
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
} from './profile-form'
import { isShippingFailure, useProfileSave } from './useProfileSave'
import styles from './profile.module.css'

type EditorProps = { profile: SignupProfile; userId: number; onDone: (saved: boolean) => void }
type AddressPart = (typeof ADDRESS_PARTS)[number]

const PHONE_FIELDS = { mobile_number: { noun: SIGNUP_FIELD_NAMES.mobile_number } }
const ADDRESS_FIELDS: FieldSpecs<AddressPart> = {
  line1: { noun: msg`address` },
  line2: { noun: msg`address line` },
  line3: { noun: msg`address line` },
  city: { noun: SIGNUP_FIELD_NAMES.installation_city },
  postcode: { noun: SIGNUP_FIELD_NAMES.post_code },
  phone: { noun: SIGNUP_FIELD_NAMES.installation_phone },
}

function SaveAlert({ failure }: { failure: SubmitFailure | null }) {
  if (failure === null) return null
  if (failure.kind === 'offline') {
    return (
      <FormAlert variant="warning" title={<Trans>You need a connection to save this</Trans>}>
        <Trans>Your change was not sent. Save again when you are back online.</Trans>
      </FormAlert>
    )
  }
  return isShippingFailure(failure) ? (
    <FormAlert variant="error" title={<Trans>These details can no longer be changed</Trans>}>
      <Trans>Your Whitebox is on its way. Contact us if something needs correcting.</Trans>
    </FormAlert>
  ) : (
    <FormAlert variant="error" title={<Trans>Your change could not be saved</Trans>}>
      <Trans>Something went wrong. Please try again later.</Trans>
    </FormAlert>
  )
}

/**
 * An editor's form: the save alert, the fields, Save and Cancel. A save that succeeds or a cancel
 * closes the editor (`onDone`); a refused one keeps it open with focus on what to fix.
 */
function EditorForm({
  label,
  formRef,
  saver,
  summary,
  onSave,
  onDone,
  children,
}: {
  label: string
  formRef: RefObject<HTMLFormElement | null>
  saver: { failure: SubmitFailure | null; submitting: boolean }
  summary: ReturnType<typeof useFieldErrors>['summary']
  /** Sends the change; resolves true when saved. */
  onSave: () => Promise<boolean>
  onDone: (saved: boolean) => void
  children: ReactNode
}) {
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
      <ErrorSummary items={summary} formRef={formRef} />
      {children}
      <div className={styles.actions}>
        <Button type="submit" loading={saver.submitting}>
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
  const formRef = useRef<HTMLFormElement>(null)
  const [phone, setPhone] = useState(profile.mobile_number ?? '')
  const saver = useProfileSave(profile, userId, formRef, ['mobile_number'])
  const { errorFor, summary } = useFieldErrors(PHONE_FIELDS, saver.codes)
  return (
    <EditorForm
      label={t`Change your phone number`}
      formRef={formRef}
      saver={saver}
      summary={summary}
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
        error={errorFor('mobile_number')}
        onChange={(e) => {
          setPhone(e.target.value)
        }}
      />
    </EditorForm>
  )
}

const AUTOCOMPLETE: Record<AddressPart, string> = {
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
  const formRef = useRef<HTMLFormElement>(null)
  const saver = useProfileSave(profile, userId, formRef, ADDRESS_PARTS)
  const { errorFor, summary } = useFieldErrors(ADDRESS_FIELDS, saver.codes)
  const countryId = profile.country?.id
  const labels: Record<AddressPart, ReactNode> = {
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
      formRef={formRef}
      saver={saver}
      summary={summary}
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
          error={errorFor(part)}
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
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<BroadbandValues>(() => broadbandValues(profile))
  const saver = useProfileSave(profile, userId, formRef, Object.values(PROVIDER_NAMES))
  const countryId = profile.country?.id ?? 0
  const country = useQuery({ ...signupCountryQueryOptions(countryId), enabled: countryId > 0 })
  // The package list waits for a provider: its error shows once it can be answered.
  const { errorFor, summary } = useFieldErrors(
    {
      isp: { noun: SIGNUP_FIELD_NAMES.isp },
      isp_other: { noun: SIGNUP_FIELD_NAMES.isp_other },
      package: {
        noun: SIGNUP_FIELD_NAMES.package,
        disabled: findIsp(country.data, values.isp) === undefined,
      },
      package_other: { noun: SIGNUP_FIELD_NAMES.package_other },
    },
    saver.codes,
  )
  const handleChange = (part: keyof ProviderValues, value: string) => {
    setValues((current) => withProviderAnswer(current, PROVIDER_NAMES, part, value))
  }
  return (
    <EditorForm
      label={t`Change your broadband details`}
      formRef={formRef}
      saver={saver}
      summary={summary}
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
        errorFor={errorFor}
        onChange={handleChange}
      />
    </EditorForm>
  )
}
