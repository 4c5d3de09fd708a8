import { countries, isps, packages } from './schema.ts'
import type { PlanOf, SeedTx } from './seed-context.ts'

const COUNTRIES = [
  { id: 14, name: 'Australia', code: 'AU' },
  { id: 158, name: 'New Zealand', code: 'NZ' },
  { id: 169, name: 'Oman', code: 'OM' },
  { id: 195, name: 'Saudi Arabia', code: 'SA' },
  { id: 235, name: 'United Kingdom', code: 'GB' },
]

type PackageSeed = [name: string, downKbps: number, upKbps: number]
const ISPS: { country: number; name: string; packages: PackageSeed[] }[] = [
  {
    country: 235,
    name: 'BT',
    packages: [
      ['Full Fibre 150', 150_000, 30_000],
      ['Full Fibre 500', 500_000, 73_000],
      ['Full Fibre 900', 900_000, 110_000],
    ],
  },
  {
    country: 235,
    name: 'Virgin Media',
    packages: [
      ['M125 Fibre', 132_000, 20_000],
      ['M350 Fibre', 362_000, 36_000],
      ['Gig1 Fibre', 1_130_000, 104_000],
    ],
  },
  {
    country: 235,
    name: 'Sky Broadband',
    packages: [
      ['Superfast', 61_000, 16_000],
      ['Ultrafast', 145_000, 27_000],
    ],
  },
  {
    country: 158,
    name: 'Spark',
    packages: [
      ['Fibre 300', 300_000, 100_000],
      ['Fibre Max', 900_000, 500_000],
    ],
  },
  {
    country: 158,
    name: 'One NZ',
    packages: [
      ['Fibre 300', 300_000, 100_000],
      ['Fibre Max', 900_000, 500_000],
      ['Wireless Broadband', 50_000, 10_000],
    ],
  },
  {
    country: 158,
    name: '2degrees',
    packages: [
      ['Fibre 100', 100_000, 20_000],
      ['Fibre 900', 900_000, 500_000],
    ],
  },
  {
    country: 14,
    name: 'Telstra',
    packages: [
      ['NBN Standard Plus (50/20)', 50_000, 20_000],
      ['NBN Premium (100/40)', 100_000, 40_000],
      ['NBN Superfast (500/50)', 500_000, 50_000],
    ],
  },
  {
    country: 14,
    name: 'Optus',
    packages: [
      ['NBN Everyday (25/10)', 25_000, 10_000],
      ['NBN Fast (100/20)', 100_000, 20_000],
    ],
  },
  {
    country: 14,
    name: 'Aussie Broadband',
    packages: [
      ['NBN 100/20', 100_000, 20_000],
      ['NBN 1000/50', 1_000_000, 50_000],
    ],
  },
  {
    country: 169,
    name: 'Omantel',
    packages: [
      ['Home Fibre 100', 100_000, 50_000],
      ['Home Fibre 500', 500_000, 250_000],
    ],
  },
  {
    country: 169,
    name: 'Ooredoo Oman',
    packages: [
      ['Fibre Home 60', 60_000, 30_000],
      ['Fibre Home 300', 300_000, 150_000],
    ],
  },
  {
    country: 169,
    name: 'Awasr',
    packages: [
      ['Awasr 100', 100_000, 50_000],
      ['Awasr 1000', 1_000_000, 500_000],
    ],
  },
  {
    country: 195,
    name: 'stc',
    packages: [
      ['Fiber 100', 100_000, 50_000],
      ['Fiber 500', 500_000, 250_000],
      ['5G Home', 300_000, 50_000],
    ],
  },
  {
    country: 195,
    name: 'Mobily',
    packages: [
      ['Fiber 200', 200_000, 100_000],
      ['Fiber 1000', 1_000_000, 500_000],
    ],
  },
  {
    country: 195,
    name: 'Zain KSA',
    packages: [
      ['5G Home 200', 200_000, 40_000],
      ['5G Home Unlimited', 500_000, 60_000],
    ],
  },
]

/** Countries, ISPs and their packages (ids in list order); returns each ISP's first package. */
export async function seedReferenceData(tx: SeedTx): Promise<PlanOf> {
  await tx.insert(countries).values(COUNTRIES)

  let ispId = 0
  let packageId = 0
  const ispRows: (typeof isps.$inferInsert)[] = []
  const packageRows: (typeof packages.$inferInsert)[] = []
  const firstPackage = new Map<string, { ispId: number; packageId: number }>()
  for (const isp of ISPS) {
    ispId += 1
    ispRows.push({ id: ispId, countryId: isp.country, name: isp.name })
    for (const [name, downloadKbps, uploadKbps] of isp.packages) {
      packageId += 1
      packageRows.push({ id: packageId, ispId, name, downloadKbps, uploadKbps })
      if (!firstPackage.has(isp.name)) firstPackage.set(isp.name, { ispId, packageId })
    }
  }
  await tx.insert(isps).values(ispRows)
  await tx.insert(packages).values(packageRows)
  return (isp) => {
    const found = firstPackage.get(isp)
    if (!found) throw new Error(`seed: unknown ISP ${isp}`)
    return found
  }
}
