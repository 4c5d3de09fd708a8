import type {
  Country,
  EmailPreferences,
  Isp,
  Package,
  ReportCard,
  UnitLocation,
  UnitPackage,
} from '../../../../contracts/settings.ts'
import type { UnitAddress, UnitGeoData } from '../../../db/schema.ts'
import type { EmailPreferencesRow, ReportCardRow, UnitPackageRow } from './repository.ts'

/** GET countries. */
export function presentCountries(rows: Country[]): { data: Country[] } {
  return { data: rows.map(({ id, name, code }) => ({ id, name, code })) }
}

/** One ISP in the seeds' snake_case. */
export function presentIsp(row: { id: number; name: string; countryId: number }): Isp {
  return { id: row.id, name: row.name, country_id: row.countryId }
}

/** One package in the seeds' snake_case. */
export function presentPackage(row: {
  id: number
  ispId: number
  name: string
  downloadKbps: number
  uploadKbps: number
}): Package {
  return {
    id: row.id,
    isp_id: row.ispId,
    name: row.name,
    download_kbps: row.downloadKbps,
    upload_kbps: row.uploadKbps,
  }
}

/** A date as the seeds' YYYY-MM-DD (UTC: change dates are stored at midnight UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The unit's country: its installation address's, else its ISP's; null when neither is known. */
export function unitCountryId(
  row: Pick<UnitPackageRow, 'address' | 'ispCountryId'>,
): number | null {
  return row.address?.country_id ?? row.ispCountryId ?? null
}

/** GET/PUT users/{sub}/accessible-units/{unitId}/package. */
export function presentUnitPackage(row: UnitPackageRow): { data: UnitPackage } {
  return {
    data: {
      unit_id: row.unitId,
      country_id: unitCountryId(row),
      isp: row.ispId !== null && row.ispName !== null ? { id: row.ispId, name: row.ispName } : null,
      package:
        row.packageId !== null &&
        row.packageName !== null &&
        row.downloadKbps !== null &&
        row.uploadKbps !== null
          ? {
              id: row.packageId,
              name: row.packageName,
              download_kbps: row.downloadKbps,
              upload_kbps: row.uploadKbps,
            }
          : null,
      changed_at: row.changedAt ? isoDate(row.changedAt) : null,
    },
  }
}

/** GET/PUT users/{sub}/accessible-units/{unitId}/location. */
export function presentUnitLocation(row: {
  unitId: number
  address: UnitAddress | null
  geoData: UnitGeoData | null
  timezone: string
}): { data: UnitLocation } {
  return {
    data: {
      unit_id: row.unitId,
      address: row.address,
      geo_data: row.geoData,
      timezone: row.timezone,
    },
  }
}

/** Seeds 2.4: every mail on except product news, alerts not paused. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferencesRow = {
  disconnectionAlerts: true,
  performanceAlerts: true,
  reportCards: true,
  productNews: false,
  alertsPausedUntil: null,
}

/** GET/PUT users/{sub}/email_preferences; a pause that has run out reads as none. */
export function presentEmailPreferences(
  row: EmailPreferencesRow,
  now: Date,
): { data: EmailPreferences } {
  const paused = row.alertsPausedUntil
  return {
    data: {
      disconnection_alerts: row.disconnectionAlerts,
      performance_alerts: row.performanceAlerts,
      report_cards: row.reportCards,
      product_news: row.productNews,
      alerts_paused_until: paused && paused.getTime() > now.getTime() ? paused.toISOString() : null,
    },
  }
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)

/** GET users/{sub}/report_cards: the SQL rows (one per unit and month) grouped per unit. */
export function presentReportCards(rows: ReportCardRow[]): { data: ReportCard[] } {
  const cards = new Map<number, ReportCard>()
  for (const row of rows) {
    let card = cards.get(row.unit_id)
    if (!card) {
      card = {
        unit_id: row.unit_id,
        label: row.label,
        package:
          row.package_name !== null &&
          row.isp_name !== null &&
          row.download_kbps !== null &&
          row.upload_kbps !== null
            ? {
                name: row.package_name,
                isp_name: row.isp_name,
                download_mbps: row.download_kbps / 1000,
                upload_mbps: row.upload_kbps / 1000,
              }
            : null,
        months: [],
      }
      cards.set(row.unit_id, card)
    }
    card.months.push({
      month: row.month,
      download_mbps: oneDecimal(row.download),
      upload_mbps: oneDecimal(row.upload),
      latency_ms: oneDecimal(row.latency),
      tests: row.tests,
    })
  }
  return { data: [...cards.values()] }
}

/** The mail to support for a contact-form request. */
export function presentSupportMail(input: {
  to: string
  id: number
  requesterName: string
  requesterEmail: string
  topic: string
  subject: string
  body: string
}) {
  return {
    to: input.to,
    subject: `[Whitebox support #${input.id}] ${input.subject}`,
    text: [
      `From: ${input.requesterName} <${input.requesterEmail}>`,
      `Topic: ${input.topic}`,
      `Request: #${input.id}`,
      '',
      input.body,
    ].join('\n'),
    links: [],
  }
}

/** The notice to the old address after an email change (so a takeover does not go unseen). */
export function presentEmailChangedMail(input: { to: string; firstName: string; email: string }) {
  return {
    to: input.to,
    subject: 'Your Whitebox email address was changed',
    text: [
      `Hello ${input.firstName},`,
      '',
      `The email address of your Whitebox account was changed to ${input.email}.`,
      'If you did not do this, contact us at once.',
    ].join('\n'),
    links: [],
  }
}

/** The notice after a password change. */
export function presentPasswordChangedMail(input: { to: string; firstName: string }) {
  return {
    to: input.to,
    subject: 'Your Whitebox password was changed',
    text: [
      `Hello ${input.firstName},`,
      '',
      'The password of your Whitebox account was changed, and your other sign-ins were ended.',
      'If you did not do this, reset your password and contact us at once.',
    ].join('\n'),
    links: [],
  }
}
