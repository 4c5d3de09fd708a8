import { OTHER_CHOICE, UNKNOWN_CHOICE, type CountryData, type SignupProgramme } from './signup.ts'

/**
 * The access technology a package's name announces. Packages carry no technology column: their
 * names say it ("Fiber 500", "5G Home 200", "NBN 100/20"). Mobile wins over fibre ("5G Fibre
 * backup" is a mobile plan); a name that says neither is unknown.
 */
export type PackageTechnology = 'fibre' | 'mobile' | 'unknown'

const MOBILE = /\b(?:[345]G|LTE|wireless|mobile)\b/i
const FIBRE = /\b(?:fib(?:re|er)|FTTH|FTTP)\b/i

export function packageTechnology(name: string): PackageTechnology {
  if (MOBILE.test(name)) return 'mobile'
  if (FIBRE.test(name)) return 'fibre'
  return 'unknown'
}

const isChoiceEntry = (id: number) => id === OTHER_CHOICE || id === UNKNOWN_CHOICE

/**
 * Seeds 2.5: a fixed-line fibre study (the Saudi one) offers only fibre packages, and only the
 * providers that have one; other (0) and unknown (-1) stay. A general study offers everything.
 */
export function countryForStudy(
  country: CountryData,
  variant: SignupProgramme['variant'],
): CountryData {
  if (variant !== 'fixed_line_fibre') return country
  const isps = country.isps.flatMap((isp) => {
    if (isChoiceEntry(isp.id)) return [isp]
    const packages = isp.packages.filter(
      (item) => isChoiceEntry(item.id) || packageTechnology(item.name) === 'fibre',
    )
    return packages.some((item) => !isChoiceEntry(item.id)) ? [{ ...isp, packages }] : []
  })
  return { ...country, isps }
}
