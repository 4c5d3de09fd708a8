import {
  OTHER_CHOICE,
  UNKNOWN_CHOICE,
  type CountryData,
  type SignupIsp,
} from '#contracts/signup.ts'

/**
 * Seeds 3 and 9: a provider or package answer is a real id, other (0, with a free text) or
 * unknown (-1, sent as null). The selects hold the id as a string, '' before a choice.
 */

/** The payload's value for a select's answer: null for unknown or no answer. */
export function choiceValue(choice: string): number | null {
  if (choice === '') return null
  const id = Number(choice)
  return !Number.isInteger(id) || id === UNKNOWN_CHOICE ? null : id
}

/** The free text to send: only with the other choice. */
export function otherText(choice: string, text: string): string | null {
  return Number(choice) === OTHER_CHOICE && choice !== '' && text.trim() !== '' ? text.trim() : null
}

/** Whether an answer is other (0). */
export function isOther(choice: string): boolean {
  return choice !== '' && Number(choice) === OTHER_CHOICE
}

/** The ISP of a country with this id, if any. */
export function findIsp(country: CountryData | undefined, ispId: string): SignupIsp | undefined {
  return ispId === '' ? undefined : country?.isps.find((isp) => String(isp.id) === ispId)
}

/** Whether an answer is one the country offers (a preselect from the URL may not be). */
export function isOfferedIsp(country: CountryData | undefined, ispId: string): boolean {
  return findIsp(country, ispId) !== undefined
}

/** Whether a package answer is offered by the chosen ISP. */
export function isOfferedPackage(
  country: CountryData | undefined,
  ispId: string,
  packageId: string,
): boolean {
  return findIsp(country, ispId)?.packages.some((p) => String(p.id) === packageId) ?? false
}

/**
 * The resolved name of an answer (seeds 3 Saudi payload: service_provider and package): the real
 * item's name, the free text for other, null for unknown.
 */
export function resolvedName(
  items: readonly { id: number; name: string }[],
  choice: string,
  text: string,
): string | null {
  if (choice === '') return null
  const id = Number(choice)
  if (id === OTHER_CHOICE) return text.trim() === '' ? null : text.trim()
  if (id === UNKNOWN_CHOICE) return null
  return items.find((item) => item.id === id)?.name ?? null
}

/**
 * The provider and package answers as the form can use them: a provider the country does not offer
 * (a stale draft, a preselect from the URL) is dropped, and so is a package its provider does not
 * offer. Nothing is dropped before the country's data is known.
 */
export function offeredChoices(
  country: CountryData | undefined,
  ispId: string,
  packageId: string,
): { isp: string; package: string } {
  if (country === undefined) return { isp: ispId, package: packageId }
  if (!isOfferedIsp(country, ispId)) return { isp: '', package: '' }
  if (!isOfferedPackage(country, ispId, packageId)) return { isp: ispId, package: '' }
  return { isp: ispId, package: packageId }
}

/** The four provider answers (provider, its free text, package, its free text) under a form's names. */
export type ProviderNames<Field extends string> = Readonly<
  Record<'isp' | 'ispOther' | 'package' | 'packageOther', Field>
>

/**
 * A form's answers after one provider answer changes: another provider also empties the package
 * and its free text, since the packages offered were the old provider's.
 */
export function withProviderAnswer<Field extends string, Values extends Record<Field, string>>(
  values: Values,
  names: ProviderNames<Field>,
  part: keyof ProviderNames<Field>,
  value: string,
): Values {
  if (part === 'isp') {
    return { ...values, [names.isp]: value, [names.package]: '', [names.packageOther]: '' }
  }
  return { ...values, [names[part]]: value }
}
