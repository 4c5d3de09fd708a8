import { useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  METADATA_FORMATS,
  METADATA_KEY,
  METADATA_USAGES,
  type MetadataField,
} from '#contracts/admin.ts'
import {
  adminKeys,
  createMetadataField,
  deleteMetadataField,
  exportMetadataCsv,
  metadataFieldsQuery,
  updateMetadataField,
  uploadMetadataCsv,
  type CsvUploadResult,
} from '../../api/admin.api'
import { NetworkError } from '../../api/http'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Button, Card, PageTitle, SelectField, TextField, useToast } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { ConfirmDialog } from '../../ui'
import { CsvExportCard } from './CsvExportCard'
import { CsvImportCard } from './CsvImportCard'
import { FORMAT_TEXT, listStatus, useAdmin, USAGE_TEXT } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

export { isCsvFile } from './CsvImportCard'

/**
 * Seeds 001 §2.6, §3 metadata (issue 25): the panel's fields (create, update, delete), the CSV
 * of every unit's values (a download, or "an email will follow" for a large panel) and a CSV
 * upload: previewed first, applied whole or not at all.
 */
export function MetadataPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { labels } = useDataTableText()
  const query = useQuery(metadataFieldsQuery(admin.panelId))
  const [editing, setEditing] = useState<MetadataField | 'new' | null>(null)
  const [deleting, setDeleting] = useState<MetadataField | null>(null)
  const [busy, setBusy] = useState(false)

  const remove = async (field: MetadataField) => {
    setBusy(true)
    try {
      await deleteMetadataField(admin.panelId, field.id)
      await queryClient.invalidateQueries({ queryKey: adminKeys.metadataFields(admin.panelId) })
      const name = field.display_name
      toast.show({ message: t`“${name}” deleted` })
    } catch (error) {
      toast.show({
        variant: 'error',
        message:
          error instanceof NetworkError
            ? t`You are offline: fields can be deleted once you are back online.`
            : t`The field could not be deleted. Try again.`,
      })
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const columns = useMemo(
    (): DataTableColumn<MetadataField>[] => [
      {
        id: 'display_name',
        header: t`Display name`,
        card: 'title',
        sortable: true,
        sortValue: (row) => row.display_name,
        cell: (row) => row.display_name,
      },
      {
        id: 'key',
        header: t`Field id`,
        sortable: true,
        dir: 'ltr',
        sortValue: (row) => row.key,
        cell: (row) => row.key,
      },
      {
        id: 'format',
        header: t`Format`,
        cell: (row) => i18n._(FORMAT_TEXT[row.format]),
      },
      {
        id: 'usage',
        header: t`Usage`,
        cell: (row) => i18n._(USAGE_TEXT[row.usage]),
      },
      {
        id: 'actions',
        header: t`Actions`,
        card: 'footer',
        hideable: false,
        cell: (row) => {
          const name = row.display_name
          return (
            <div className={styles.actions}>
              <Button
                variant="text"
                aria-label={t`Edit “${name}”`}
                onClick={() => {
                  setEditing(row)
                }}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                variant="text"
                aria-label={t`Delete “${name}”`}
                onClick={() => {
                  setDeleting(row)
                }}
              >
                <Trans>Delete</Trans>
              </Button>
            </div>
          )
        },
      },
    ],
    [t, i18n],
  )

  return (
    <>
      <PageTitle documentTitle={t`Metadata`}>
        <Trans>Metadata</Trans>
      </PageTitle>
      <p className={styles.muted}>
        <Trans>
          The facts your organisation keeps about each unit. Fields for usage analysis can be
          charted; hidden fields are kept but not shown to analysts.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            setEditing('new')
          }}
        >
          <Trans>Add a field</Trans>
        </Button>
      </div>
      {editing !== null ? (
        <FieldForm
          key={editing === 'new' ? 'new' : editing.id}
          field={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null)
          }}
        />
      ) : null}
      <DataTable
        caption={t`Metadata fields`}
        columns={columns}
        rows={query.data ?? []}
        rowKey={(row) => String(row.id)}
        labels={labels}
        sort={{ id: 'display_name', desc: false }}
        status={listStatus(query, online)}
        busy={query.isFetching}
        empty={
          <p className={styles.muted}>
            <Trans>No metadata fields yet. Add one to start.</Trans>
          </p>
        }
        error={i18n._(queryErrorMessage(query.error))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
      <MetadataCsv />
      {deleting !== null ? (
        <ConfirmDialog
          title={<Trans>Delete this field?</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => {
            setDeleting(null)
          }}
        >
          <p className={styles.muted}>
            <Trans>Every unit’s value of this field is deleted with it.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}

const FIELD_SPECS = {
  key: { noun: msg`field id` },
  display_name: { noun: msg`display name` },
  format: { noun: msg`format` },
  usage: { noun: msg`usage` },
}
type FieldFormField = keyof typeof FIELD_SPECS

/** The form's own checks (the contract's key rule and a display name). */
export function fieldProblems(input: {
  key: string
  display_name: string
  isNew: boolean
}): FieldCodes<FieldFormField> {
  const codes: FieldCodes<FieldFormField> = {}
  if (input.isNew) {
    if (input.key === '') codes.key = 'MISSING'
    else if (!METADATA_KEY.test(input.key)) codes.key = 'INVALID'
  }
  if (input.display_name === '') codes.display_name = 'MISSING'
  return codes
}

function FieldForm({ field, onDone }: { field: MetadataField | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const [key, setKey] = useState(field?.key ?? '')
  const [displayName, setDisplayName] = useState(field?.display_name ?? '')
  const [format, setFormat] = useState<MetadataField['format']>(field?.format ?? 'text')
  const [usage, setUsage] = useState<MetadataField['usage']>(field?.usage ?? 'available')
  const form = useFormSubmit<FieldFormField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELD_SPECS, form.codes)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = { key: key.trim(), display_name: displayName.trim() }
    const outcome = await form.submit({
      local: fieldProblems({ ...input, isNew: field === null }),
      fieldOf: fieldIn(FIELD_SPECS),
      send: async () => {
        if (field === null) {
          await createMetadataField(admin.panelId, { ...input, format, usage })
        } else {
          await updateMetadataField(admin.panelId, field.id, {
            display_name: input.display_name,
            format,
            usage,
          })
        }
        await queryClient.invalidateQueries({ queryKey: adminKeys.metadataFields(admin.panelId) })
      },
    })
    if (outcome.status === 'sent') {
      toast.show({ message: t`The field is saved.` })
      onDone()
    }
  }

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          {field === null ? <Trans>New field</Trans> : <Trans>Edit field</Trans>}
        </h2>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>Saving a field needs an internet connection.</Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>The field could not be saved</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={<Trans>Field id</Trans>}
          name="key"
          dir="ltr"
          autoComplete="off"
          maxLength={63}
          disabled={field !== null}
          hint={<Trans>Lower-case letters, digits and underscores, starting with a letter.</Trans>}
          value={key}
          error={errorFor('key')}
          onChange={(event) => {
            setKey(event.target.value)
            form.edited('key')
          }}
        />
        <TextField
          label={<Trans>Display name</Trans>}
          name="display_name"
          autoComplete="off"
          maxLength={100}
          value={displayName}
          error={errorFor('display_name')}
          onChange={(event) => {
            setDisplayName(event.target.value)
            form.edited('display_name')
          }}
        />
        <SelectField
          label={<Trans>Format</Trans>}
          name="format"
          value={format}
          error={errorFor('format')}
          onChange={(event) => {
            setFormat(event.target.value as MetadataField['format'])
            form.edited('format')
          }}
        >
          {METADATA_FORMATS.map((option) => (
            <option key={option} value={option}>
              {i18n._(FORMAT_TEXT[option])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>Usage</Trans>}
          name="usage"
          value={usage}
          error={errorFor('usage')}
          onChange={(event) => {
            setUsage(event.target.value as MetadataField['usage'])
            form.edited('usage')
          }}
        >
          {METADATA_USAGES.map((option) => (
            <option key={option} value={option}>
              {i18n._(USAGE_TEXT[option])}
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Save the field</Trans>
          </Button>
          <Button variant="text" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}

type PreviewRow = CsvUploadResult['changes'][number]

/** The metadata CSV: every unit's values (download or mailed) and an upload, previewed first. */
function MetadataCsv() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const previewColumns = useMemo(
    (): DataTableColumn<PreviewRow>[] => [
      {
        id: 'unit_id',
        header: t`Unit`,
        card: 'title',
        cell: (row) => {
          const id = formatIdNumber(i18n.locale, row.unit_id)
          return t`Unit ${id}`
        },
      },
      { id: 'line', header: t`Line`, cell: (row) => String(row.line) },
      {
        id: 'values',
        header: t`New values`,
        cell: (row) =>
          Object.entries(row.values)
            .map(([key, value]) => `${key}: ${value === '' ? '—' : value}`)
            .join('; '),
      },
    ],
    [t, i18n.locale],
  )
  return (
    <>
      <CsvExportCard
        description={<Trans>Every unit’s metadata as a CSV file, one column per field.</Trans>}
        run={() => exportMetadataCsv(admin.panelId)}
      />
      <CsvImportCard<CsvUploadResult>
        title={<Trans>Upload</Trans>}
        description={
          <Trans>
            A CSV file with a unit_id column and one column per field id. You see the changes first;
            nothing changes until you apply them, and a file with any error changes nothing.
          </Trans>
        }
        send={(file, apply) => uploadMetadataCsv(admin.panelId, file, apply)}
        onApplied={() => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.agents(admin.panelId) })
        }}
        applied={(result) => (
          <Plural value={result.rows} one="# unit updated." other="# units updated." />
        )}
        previewText={(result) => (
          <Plural
            value={result.rows}
            one="This file changes # unit:"
            other="This file changes # units:"
          />
        )}
        previewColumns={previewColumns}
        changes={(result) => result.rows}
      />
    </>
  )
}
