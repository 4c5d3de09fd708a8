import { useId, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SignupAddress, SignupProfile } from '#contracts/signup.ts'
import { ApiError } from '../../api/http'
import { QueryStatus } from '../../offline/QueryStatus'
import { useOnline } from '../../offline/online-state'
import { useSession } from '../../session'
import { Alert, Button, PageTitle } from '../../ui'
import { signupMetadataQueryOptions, useRegionName } from '../signup'
import { countryName } from '../../lib/country-name'
import { AddressEditor, BroadbandEditor, PhoneEditor } from './ProfileEditors'
import { signupProfileQueryOptions } from './profile.queries'
import { StatusSteps } from './StatusSteps'
import styles from './profile.module.css'

type Editing = 'phone' | 'installation_address' | 'delivery_address' | 'broadband' | null

function Detail({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function NotGiven() {
  return (
    <span className={styles.muted}>
      <Trans>Not given</Trans>
    </span>
  )
}

/**
 * A profile section with its title and, when the record may change (before shipping, online), an
 * Edit button that swaps the details for the section's form.
 */
function Section({
  title,
  editLabel,
  canEdit,
  online,
  editing,
  onEdit,
  editor,
  children,
}: {
  title: ReactNode
  editLabel?: string
  canEdit?: boolean
  online?: boolean
  editing?: boolean
  onEdit?: () => void
  editor?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {canEdit === true && editing !== true ? (
          <Button
            variant="secondary"
            disabled={online === false}
            aria-label={editLabel}
            onClick={onEdit}
          >
            <Trans>Edit</Trans>
          </Button>
        ) : null}
      </div>
      {editing === true ? editor : children}
    </section>
  )
}

function AddressDetails({ address }: { address: SignupAddress | null }) {
  if (!address) return <NotGiven />
  const lines = [address.line1, address.line2, address.line3, address.city, address.postcode]
  return (
    <address className={styles.address}>
      {lines
        .filter((line): line is string => line !== null && line !== '')
        .map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      {address.phone ? <span dir="ltr">{address.phone}</span> : null}
    </address>
  )
}

function choiceName(item: { name: string } | null, other: string | null): ReactNode {
  if (item && item.name !== '') return item.name
  if (other !== null) return other
  return <Trans>I don't know</Trans>
}

function ProfileSections({ profile, userId }: { profile: SignupProfile; userId: number }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [editing, setEditing] = useState<Editing>(null)
  const [saved, setSaved] = useState(false)
  const metadata = useQuery(signupMetadataQueryOptions())
  const programme = metadata.data?.find((p) => p.owner === profile.owner)
  const region = programme?.regions.find((r) => r.id === profile.region)
  const regionName = useRegionName()
  const editable = profile.editable
  const status = useRef<HTMLDivElement>(null)

  const finish = (didSave: boolean) => {
    setEditing(null)
    setSaved(didSave)
    if (didSave) status.current?.focus()
  }
  const open = (section: Exclude<Editing, null>) => () => {
    setSaved(false)
    setEditing(section)
  }
  const editProps = (section: Exclude<Editing, null>, label: string, editor: ReactNode) => ({
    // Addresses and broadband belong to the sign-up's country: without one they stay as they are.
    canEdit: editable && (section === 'phone' || profile.country !== null),
    online,
    editing: editing === section,
    onEdit: open(section),
    editLabel: label,
    editor,
  })
  const addressEditor = (kind: 'installation_address' | 'delivery_address') => (
    <AddressEditor profile={profile} userId={userId} onDone={finish} kind={kind} />
  )
  const agreed = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(
    new Date(profile.agreed_at),
  )
  const fullName = `${profile.first_name} ${profile.last_name}`

  return (
    <div className={styles.sections}>
      <div ref={status} tabIndex={-1} className={styles.notices}>
        {saved ? (
          <Alert variant="success" title={<Trans>Your change has been saved</Trans>} />
        ) : null}
        {!editable ? (
          <Alert variant="info" title={<Trans>Your details can no longer be changed</Trans>}>
            <Trans>
              Your Whitebox is on its way, so these details are final. Contact us if something needs
              correcting.
            </Trans>
          </Alert>
        ) : !online ? (
          <Alert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              You can see your details saved on this device. Changing them needs a connection.
            </Trans>
          </Alert>
        ) : null}
      </div>

      <Section title={<Trans>Status</Trans>}>
        <StatusSteps status={profile.status} />
      </Section>

      <Section
        title={<Trans>Personal details</Trans>}
        {...editProps(
          'phone',
          t`Edit your phone number`,
          <PhoneEditor profile={profile} userId={userId} onDone={finish} />,
        )}
      >
        <dl className={styles.details}>
          <Detail term={<Trans>Name</Trans>}>{fullName}</Detail>
          <Detail term={<Trans>Email</Trans>}>{profile.email}</Detail>
          <Detail term={<Trans>Phone number</Trans>}>
            {profile.mobile_number ? <span dir="ltr">{profile.mobile_number}</span> : <NotGiven />}
          </Detail>
        </dl>
      </Section>

      <Section
        title={<Trans>Installation address</Trans>}
        {...editProps(
          'installation_address',
          t`Edit your installation address`,
          addressEditor('installation_address'),
        )}
      >
        <AddressDetails address={profile.installation_address} />
      </Section>

      <Section
        title={<Trans>Delivery address</Trans>}
        {...editProps(
          'delivery_address',
          t`Edit your delivery address`,
          addressEditor('delivery_address'),
        )}
      >
        <AddressDetails address={profile.delivery_address ?? profile.installation_address} />
        {profile.delivery_address === null && profile.installation_address !== null ? (
          <p className={styles.muted}>
            <Trans>Same as the installation address.</Trans>
          </p>
        ) : null}
      </Section>

      <Section
        title={<Trans>Broadband details</Trans>}
        {...editProps(
          'broadband',
          t`Edit your broadband details`,
          <BroadbandEditor profile={profile} userId={userId} onDone={finish} />,
        )}
      >
        <dl className={styles.details}>
          <Detail term={<Trans>Country</Trans>}>
            {profile.country ? countryName(profile.country, i18n.locale) : <NotGiven />}
          </Detail>
          {profile.region !== null ? (
            <Detail term={<Trans>Region</Trans>}>
              {region ? regionName(region) : profile.region}
            </Detail>
          ) : null}
          {profile.city !== null ? (
            <Detail term={<Trans>City</Trans>}>{profile.city}</Detail>
          ) : null}
          {profile.postcode !== null ? (
            <Detail term={<Trans>Postcode</Trans>}>{profile.postcode}</Detail>
          ) : null}
          {profile.fibre_availability !== null ? (
            <Detail term={<Trans>Fibre available</Trans>}>
              {profile.fibre_availability ? <Trans>Yes</Trans> : <Trans>No</Trans>}
            </Detail>
          ) : null}
          <Detail term={<Trans>Service provider</Trans>}>
            {choiceName(profile.isp, profile.isp_other)}
          </Detail>
          <Detail term={<Trans>Internet package</Trans>}>
            {choiceName(profile.package, profile.package_other)}
          </Detail>
        </dl>
      </Section>

      <Section title={<Trans>Agreement</Trans>}>
        <p className={styles.text}>
          <Trans>
            You accepted the terms and conditions on{' '}
            <time dateTime={profile.agreed_at}>{agreed}</time>.
          </Trans>
        </p>
        {programme ? (
          <a
            className={styles.link}
            href={programme.links.terms}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Trans>Read the terms and conditions (opens in a new tab)</Trans>
          </a>
        ) : null}
      </Section>
    </div>
  )
}

/**
 * Seeds 2.5 /profile for a signed-in volunteer: status (as steps), personal details, installation
 * and delivery addresses, broadband details and the agreement. Phone, addresses and provider can be
 * changed until the Whitebox ships; offline it shows the copy saved on this device.
 */
export function ProfilePage() {
  const { t } = useLingui()
  const session = useSession()
  const userId = session?.userId ?? 0
  const query = useQuery({ ...signupProfileQueryOptions(userId), enabled: session !== null })
  if (!session) return null
  const none = query.error instanceof ApiError && query.error.status === 404
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Your profile – Whitebox`}>
        <Trans>Your profile</Trans>
      </PageTitle>
      {none ? (
        <Alert variant="info" title={<Trans>No sign-up yet</Trans>}>
          <Trans>
            Your account has no volunteer sign-up. Contact us if you think this is wrong.
          </Trans>
        </Alert>
      ) : (
        <QueryStatus query={query}>
          {(profile) => <ProfileSections profile={profile} userId={userId} />}
        </QueryStatus>
      )}
    </div>
  )
}
