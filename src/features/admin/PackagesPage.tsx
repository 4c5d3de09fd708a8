import { useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_PACKAGE_SORT_FIELDS, type AdminPackage } from '#contracts/admin.ts'
import {
  packageKeys,
  packageListQuery,
  panelIspsQuery,
  savePackage,
  type PackageInput,
} from '../../api/admin-packages.api'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { numberFormat } from '../../lib/number-format'
import { queryErrorMessage } from '../../offline/QueryStatus'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  PageTitle,
  SelectField,
  TextField,
  useToast,
} from '../../ui'
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import { Badge, useAdmin } from './shared'
import styles from './Admin.module.css'

export const TECHNOLOGIES = [
  'dsl',
  'cable',
  'fibre',
  '4g',
  '5g',
  'satellite',
  'fixed_wireless',
] as const
export type Technology = (typeof TECHNOLOGIES)[number]

export const TECHNOLOGY_TEXT: Record<Technology, MessageDescriptor> = {
  dsl: msg`DSL`,
  cable: msg`Cable`,
  fibre: msg`Fibre`,
  '4g': msg`4G`,
  '5g': msg`5G`,
  satellite: msg`Satellite`,
  fixed_wireless: msg`Fixed wireless`,
}

const isTechnology = (value: string | null): value is Technology =>
  value !== null && (TECHNOLOGIES as readonly string[]).includes(value)

const DEFAULT_SORT = 'short_name'

/**
 * Seeds 001 §3 package, §9 (issue 25): the packages of one of the panel's ISPs, 250 a page,
 * searched by short name and sorted; create and edit a package (manage_products).
 */
export function PackagesPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const isps = useQuery(panelIspsQuery(admin.panelId))
  const [chosenIsp, setChosenIsp] = useState<number | null>(null)
  const ispId = chosenIsp ?? isps.data?.[0]?.id ?? null
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null)

  return (
    <>
      <PageTitle documentTitle={t`Packages`}>
        <Trans>Packages</Trans>
      </PageTitle>
      {isps.isError ? (
        <Alert variant="error" title={<Trans>The ISPs could not be loaded</Trans>}>
          {i18n._(queryErrorMessage(isps.error))}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void isps.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </Alert>
      ) : null}
      {isps.data !== undefined && isps.data.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No ISP has agents on this panel yet, so there are no packages to manage.</Trans>
        </p>
      ) : null}
      {isps.data !== undefined && ispId !== null ? (
        <>
          <SelectField
            label={<Trans>ISP</Trans>}
            name="isp"
            value={String(ispId)}
            onChange={(event) => {
              setChosenIsp(Number(event.target.value))
              setEditing(null)
            }}
          >
            {isps.data.map((isp) => (
              <option key={isp.id} value={String(isp.id)}>
                {isp.name}
              </option>
            ))}
          </SelectField>
          {editing === null ? (
            <div className={styles.actions}>
              <Button
                onClick={() => {
                  setEditing('new')
                }}
              >
                <Trans>Add a package</Trans>
              </Button>
            </div>
          ) : (
            <PackageForm
              key={editing === 'new' ? 'new' : editing.id}
              ispId={ispId}
              pkg={editing === 'new' ? null : editing}
              onDone={() => {
                setEditing(null)
              }}
            />
          )}
          <PackageList
            key={ispId}
            ispId={ispId}
            onEdit={(pkg) => {
              setEditing(pkg)
            }}
          />
        </>
      ) : null}
    </>
  )
}

function PackageList({ ispId, onEdit }: { ispId: number; onEdit: (pkg: AdminPackage) => void }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const list = useAdminList(DEFAULT_SORT)
  const query = useQuery(
    packageListQuery(admin.panelId, ispId, {
      search: list.form.query,
      sort: list.sortText,
      page: list.page,
    }),
  )

  const columns = useMemo((): DataTableColumn<AdminPackage>[] => {
    const number = numberFormat(i18n.locale)
    const mbps = (value: number) => {
      const shown = number.format(value)
      return t`${shown} Mbps`
    }
    const limit = (value: number | null) => {
      if (value === null) return t`Unlimited`
      const shown = number.format(value)
      return t`${shown} GB`
    }
    const technology = (value: string | null) =>
      isTechnology(value) ? i18n._(TECHNOLOGY_TEXT[value]) : (value ?? '—')
    return [
      {
        id: 'short_name',
        header: t`Short name`,
        card: 'title',
        cell: (row) => <bdi>{row.short_name}</bdi>,
        csv: (row) => row.short_name,
      },
      {
        id: 'down_speed',
        header: t`Download speed`,
        cell: (row) => mbps(row.down_speed),
        csv: (row) => row.down_speed,
      },
      {
        id: 'up_speed',
        header: t`Upload speed`,
        cell: (row) => mbps(row.up_speed),
        csv: (row) => row.up_speed,
      },
      {
        id: 'down_limit',
        header: t`Download limit`,
        cell: (row) => limit(row.down_limit),
        csv: (row) => row.down_limit ?? '',
      },
      {
        id: 'up_limit',
        header: t`Upload limit`,
        cell: (row) => limit(row.up_limit),
        csv: (row) => row.up_limit ?? '',
      },
      {
        id: 'technology',
        header: t`Technology`,
        cell: (row) => technology(row.technology),
        csv: (row) => row.technology ?? '',
      },
      {
        id: 'public',
        header: t`Public`,
        cell: (row) =>
          row.public ? (
            <Badge tone="good">{t`Public`}</Badge>
          ) : (
            <Badge tone="plain">{t`Private`}</Badge>
          ),
        csv: (row) => (row.public ? 'true' : 'false'),
      },
      {
        id: 'isp',
        header: t`ISP`,
        cell: (row) => row.isp.name,
        csv: (row) => row.isp.name,
        hiddenByDefault: true,
      },
      {
        id: 'id',
        header: t`Package id`,
        cell: (row) => String(row.id),
        csv: (row) => row.id,
        hiddenByDefault: true,
      },
      {
        id: 'edit',
        header: t`Actions`,
        card: 'footer',
        cell: (row) => {
          const name = row.short_name
          return (
            <Button
              variant="text"
              aria-label={t`Edit “${name}”`}
              onClick={() => {
                onEdit(row)
              }}
            >
              <Trans>Edit</Trans>
            </Button>
          )
        },
      },
    ]
  }, [t, i18n, onEdit])

  return (
    <AdminList
      list={list}
      query={query}
      searchLabel={t`Search packages`}
      showAll={<Trans>Show all packages</Trans>}
      caption={t`Packages`}
      columns={columns}
      sortFields={ADMIN_PACKAGE_SORT_FIELDS}
      rowKey={(row) => String(row.id)}
      summary={(total) => <Plural value={total} one="# package" other="# packages" />}
      empty={{
        search: <Trans>No package matches this search.</Trans>,
        none: <Trans>This ISP has no packages yet.</Trans>,
      }}
      error={t`The package list could not be loaded.`}
      csvFileName={`packages-${String(admin.panelId)}-${String(ispId)}.csv`}
    />
  )
}

const FIELD_SPECS = {
  short_name: { noun: msg`short name` },
  down_speed: { noun: msg`download speed` },
  up_speed: { noun: msg`upload speed` },
  down_limit: { noun: msg`download limit` },
  up_limit: { noun: msg`upload limit` },
  technology: { noun: msg`technology` },
  public: { noun: msg`public setting` },
}
type PackageField = keyof typeof FIELD_SPECS

export type PackageFormValues = {
  short_name: string
  down_speed: string
  up_speed: string
  down_limit: string
  up_limit: string
  technology: Technology | ''
  public: boolean
}

const DECIMAL = /^\d+([.,]\d+)?$/
const WHOLE = /^\d+$/

/**
 * The form's own checks and its values as the contract takes them: a short name; speeds in
 * Mbps above 0; limits in whole GB from 1, or empty for unlimited.
 */
export function packageInputOf(values: PackageFormValues): {
  codes: FieldCodes<PackageField>
  input: PackageInput | null
} {
  const codes: FieldCodes<PackageField> = {}
  const name = values.short_name.trim()
  if (name === '') codes.short_name = 'MISSING'
  const speed = (field: 'down_speed' | 'up_speed') => {
    const text = values[field].trim()
    if (text === '') codes[field] = 'MISSING'
    else if (!DECIMAL.test(text) || Number(text.replace(',', '.')) <= 0) codes[field] = 'INVALID'
    return Number(text.replace(',', '.'))
  }
  const limit = (field: 'down_limit' | 'up_limit') => {
    const text = values[field].trim()
    if (text === '') return null
    if (!WHOLE.test(text) || Number(text) < 1) codes[field] = 'INVALID'
    return Number(text)
  }
  const input: PackageInput = {
    short_name: name,
    down_speed: speed('down_speed'),
    up_speed: speed('up_speed'),
    down_limit: limit('down_limit'),
    up_limit: limit('up_limit'),
    technology: values.technology === '' ? null : values.technology,
    public: values.public,
  }
  return { codes, input: Object.keys(codes).length > 0 ? null : input }
}

function valuesOf(pkg: AdminPackage | null): PackageFormValues {
  return {
    short_name: pkg?.short_name ?? '',
    down_speed: pkg === null ? '' : String(pkg.down_speed),
    up_speed: pkg === null ? '' : String(pkg.up_speed),
    down_limit: pkg?.down_limit == null ? '' : String(pkg.down_limit),
    up_limit: pkg?.up_limit == null ? '' : String(pkg.up_limit),
    technology: pkg !== null && isTechnology(pkg.technology) ? pkg.technology : '',
    public: pkg?.public ?? true,
  }
}

function PackageForm({
  ispId,
  pkg,
  onDone,
}: {
  ispId: number
  pkg: AdminPackage | null
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<PackageFormValues>(() => valuesOf(pkg))
  const form = useFormSubmit<PackageField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELD_SPECS, form.codes)

  const set = <K extends keyof PackageFormValues>(field: K, value: PackageFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    form.edited(field)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { codes, input } = packageInputOf(values)
    const outcome = await form.submit({
      local: codes,
      fieldOf: fieldIn(FIELD_SPECS),
      send: async () => {
        if (input === null) return
        await savePackage(admin.panelId, ispId, pkg?.id ?? null, input)
        await queryClient.invalidateQueries({
          queryKey: packageKeys.packages(admin.panelId, ispId),
        })
      },
    })
    if (outcome.status === 'sent') {
      toast.show({ message: t`The package is saved.` })
      onDone()
    }
  }

  const text = (field: Exclude<keyof PackageFormValues, 'technology' | 'public'>) => ({
    name: field,
    value: values[field],
    error: errorFor(field),
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => {
      set(field, event.target.value)
    },
  })

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          {pkg === null ? <Trans>New package</Trans> : <Trans>Edit package</Trans>}
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>Saving a package needs an internet connection.</Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The package could not be saved</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField label={<Trans>Short name</Trans>} maxLength={100} {...text('short_name')} />
        <TextField
          label={<Trans>Download speed (Mbps)</Trans>}
          inputMode="decimal"
          dir="ltr"
          {...text('down_speed')}
        />
        <TextField
          label={<Trans>Upload speed (Mbps)</Trans>}
          inputMode="decimal"
          dir="ltr"
          {...text('up_speed')}
        />
        <TextField
          label={<Trans>Download limit (GB)</Trans>}
          hint={<Trans>Leave empty for unlimited.</Trans>}
          inputMode="numeric"
          dir="ltr"
          {...text('down_limit')}
        />
        <TextField
          label={<Trans>Upload limit (GB)</Trans>}
          hint={<Trans>Leave empty for unlimited.</Trans>}
          inputMode="numeric"
          dir="ltr"
          {...text('up_limit')}
        />
        <SelectField
          label={<Trans>Technology</Trans>}
          name="technology"
          value={values.technology}
          error={errorFor('technology')}
          onChange={(event) => {
            const value = event.target.value
            set('technology', isTechnology(value) ? value : '')
          }}
        >
          <option value="">{t`Not set`}</option>
          {TECHNOLOGIES.map((option) => (
            <option key={option} value={option}>
              {i18n._(TECHNOLOGY_TEXT[option])}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label={<Trans>Public: people signing up can choose it</Trans>}
          name="public"
          checked={values.public}
          onChange={(event) => {
            set('public', event.target.checked)
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Save the package</Trans>
          </Button>
          <Button variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}
