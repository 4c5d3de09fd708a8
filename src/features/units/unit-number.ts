import { numberFormat } from '../../lib/number-format'

/**
 * How the unit pages write numbers (one rule, issue 6 §4, ar-SA): the unit's number where it names
 * the unit in words ("Unit 35" headings, titles, labels) is a number like the counts and speeds
 * beside it, so it is formatted for the locale (Arabic-Indic digits in ar-SA). Values an engineer
 * reads off the label or types — the agent ID column, serial, MAC, the search box — are shown as
 * written (Latin), left to right; so are names that are data (packages, ISPs).
 */
export function formatUnitNumber(locale: string, unitId: number): string {
  // No grouping: unit 1042 is not "1,042".
  return numberFormat(locale, { useGrouping: false }).format(unitId)
}
