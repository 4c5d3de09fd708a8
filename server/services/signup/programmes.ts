import type {
  SignupOwner,
  SignupProgramme,
  SignupRegion,
  TranslatedNames,
} from '../../../contracts/signup.ts'

/**
 * The studies that recruit volunteers (seeds 000 §2.5, §9), served by GET signups/metadata and
 * used by the server's own checks (regions, cities and which questions a programme asks).
 *
 * Regions use their ISO 3166-2 codes as ids (stable, and meaningful to the people who run a
 * study); cities are the region's main towns, in the English spelling the regulators publish.
 *
 * What each programme asks, and why:
 * - nz: postcode (the study's sample is balanced by area) and phone (the courier calls before
 *   delivering the kit);
 * - au: postcode (sample balance by NBN area); no phone;
 * - om: phone (deliveries in Oman are arranged by phone; postcodes are rarely used) and fibre
 *   availability (the TRA compares homes that can and cannot get fibre);
 * - sa: phone (the 4-step form asks the rest as addresses);
 * - internal: postcode only (to place test units on maps).
 *
 * Names in Arabic and French are the ones the regulators use; the New Zealand and Australian
 * studies are known by their English names everywhere.
 */

const region = (
  id: string,
  name: string,
  cities: string[],
  translations?: TranslatedNames,
): SignupRegion => ({
  id,
  name,
  cities,
  ...(translations ? { name_translations: translations } : {}),
})

const NZ_REGIONS: SignupRegion[] = [
  region('NZ-NTL', 'Northland', ['Whangārei', 'Kerikeri', 'Kaitaia', 'Dargaville']),
  region('NZ-AUK', 'Auckland', ['Auckland', 'Manukau', 'North Shore', 'Waitākere', 'Pukekohe']),
  region('NZ-WKO', 'Waikato', ['Hamilton', 'Taupō', 'Cambridge', 'Te Awamutu', 'Thames']),
  region('NZ-BOP', 'Bay of Plenty', ['Tauranga', 'Rotorua', 'Whakatāne', 'Te Puke']),
  region('NZ-GIS', 'Gisborne', ['Gisborne']),
  region('NZ-HKB', "Hawke's Bay", ['Napier', 'Hastings', 'Havelock North', 'Wairoa']),
  region('NZ-TKI', 'Taranaki', ['New Plymouth', 'Hāwera', 'Stratford']),
  region('NZ-MWT', 'Manawatū-Whanganui', ['Palmerston North', 'Whanganui', 'Levin', 'Feilding']),
  region('NZ-WGN', 'Wellington', [
    'Wellington',
    'Lower Hutt',
    'Upper Hutt',
    'Porirua',
    'Masterton',
  ]),
  region('NZ-TAS', 'Tasman', ['Richmond', 'Motueka', 'Tākaka']),
  region('NZ-NSN', 'Nelson', ['Nelson']),
  region('NZ-MBH', 'Marlborough', ['Blenheim', 'Picton']),
  region('NZ-WTC', 'West Coast', ['Greymouth', 'Westport', 'Hokitika']),
  region('NZ-CAN', 'Canterbury', ['Christchurch', 'Timaru', 'Ashburton', 'Rangiora', 'Rolleston']),
  region('NZ-OTA', 'Otago', ['Dunedin', 'Queenstown', 'Ōamaru', 'Wānaka', 'Alexandra']),
  region('NZ-STL', 'Southland', ['Invercargill', 'Gore', 'Te Anau']),
]

const AU_REGIONS: SignupRegion[] = [
  region('AU-NSW', 'New South Wales', [
    'Sydney',
    'Newcastle',
    'Wollongong',
    'Central Coast',
    'Wagga Wagga',
    'Albury',
    'Coffs Harbour',
  ]),
  region('AU-VIC', 'Victoria', ['Melbourne', 'Geelong', 'Ballarat', 'Bendigo', 'Shepparton']),
  region('AU-QLD', 'Queensland', [
    'Brisbane',
    'Gold Coast',
    'Sunshine Coast',
    'Townsville',
    'Cairns',
    'Toowoomba',
  ]),
  region('AU-WA', 'Western Australia', ['Perth', 'Bunbury', 'Geraldton', 'Kalgoorlie', 'Albany']),
  region('AU-SA', 'South Australia', ['Adelaide', 'Mount Gambier', 'Whyalla', 'Murray Bridge']),
  region('AU-TAS', 'Tasmania', ['Hobart', 'Launceston', 'Devonport', 'Burnie']),
  region('AU-ACT', 'Australian Capital Territory', ['Canberra']),
  region('AU-NT', 'Northern Territory', ['Darwin', 'Alice Springs', 'Palmerston', 'Katherine']),
]

/** Oman's 11 governorates with their wilayat (seeds 9). */
const OM_REGIONS: SignupRegion[] = [
  region('OM-MA', 'Muscat', ['Muscat', 'Muttrah', 'Bawshar', 'As Seeb', 'Al Amrat', 'Qurayyat'], {
    'ar-SA': 'مسقط',
    'fr-CA': 'Mascate',
  }),
  region(
    'OM-ZU',
    'Dhofar',
    [
      'Salalah',
      'Taqah',
      'Mirbat',
      'Thumrait',
      'Sadah',
      'Rakhyut',
      'Dhalkut',
      'Muqshin',
      'Shalim and the Hallaniyat Islands',
      'Al Mazyona',
    ],
    { 'ar-SA': 'ظفار' },
  ),
  region('OM-MU', 'Musandam', ['Khasab', 'Bukha', 'Daba', 'Madha'], { 'ar-SA': 'مسندم' }),
  region('OM-BU', 'Al Buraimi', ['Al Buraimi', 'Mahdah', 'As Sunaynah'], { 'ar-SA': 'البريمي' }),
  region(
    'OM-DA',
    'Ad Dakhiliyah',
    [
      'Nizwa',
      'Bahla',
      'Manah',
      'Al Hamra',
      'Adam',
      'Izki',
      'Samail',
      'Bidbid',
      'Al Jabal Al Akhdar',
    ],
    { 'ar-SA': 'الداخلية' },
  ),
  region(
    'OM-BS',
    'North Al Batinah',
    ['Sohar', 'Shinas', 'Liwa', 'Saham', 'Al Khaburah', 'As Suwayq'],
    { 'ar-SA': 'شمال الباطنة', 'fr-CA': 'Al Batinah Nord' },
  ),
  region(
    'OM-BJ',
    'South Al Batinah',
    ['Ar Rustaq', 'Al Awabi', 'Nakhal', 'Wadi Al Maawil', 'Barka', 'Al Musannah'],
    { 'ar-SA': 'جنوب الباطنة', 'fr-CA': 'Al Batinah Sud' },
  ),
  region(
    'OM-SJ',
    'South Ash Sharqiyah',
    ['Sur', 'Al Kamil Wal Wafi', 'Jaalan Bani Bu Hassan', 'Jaalan Bani Bu Ali', 'Masirah'],
    { 'ar-SA': 'جنوب الشرقية', 'fr-CA': 'Ash Sharqiyah Sud' },
  ),
  region(
    'OM-SS',
    'North Ash Sharqiyah',
    ['Ibra', 'Al Mudaybi', 'Bidiyah', 'Al Qabil', 'Wadi Bani Khalid', 'Dima Wa At Taiyyin'],
    { 'ar-SA': 'شمال الشرقية', 'fr-CA': 'Ash Sharqiyah Nord' },
  ),
  region('OM-ZA', 'Ad Dhahirah', ['Ibri', 'Yanqul', 'Dhank'], { 'ar-SA': 'الظاهرة' }),
  region('OM-WU', 'Al Wusta', ['Haima', 'Duqm', 'Mahout', 'Al Jazir'], { 'ar-SA': 'الوسطى' }),
]

const SA_REGIONS: SignupRegion[] = [
  region(
    'SA-01',
    'Riyadh',
    ['Riyadh', 'Al Kharj', 'Ad Diriyah', 'Al Majmaah', 'Az Zulfi', 'Shaqra', 'Wadi ad-Dawasir'],
    { 'ar-SA': 'الرياض', 'fr-CA': 'Riyad' },
  ),
  region('SA-02', 'Makkah', ['Makkah', 'Jeddah', 'Taif', 'Rabigh', 'Al Qunfudhah', 'Al Lith'], {
    'ar-SA': 'مكة المكرمة',
    'fr-CA': 'La Mecque',
  }),
  region('SA-03', 'Madinah', ['Madinah', 'Yanbu', 'Al Ula', 'Badr', 'Khaybar'], {
    'ar-SA': 'المدينة المنورة',
    'fr-CA': 'Médine',
  }),
  region(
    'SA-04',
    'Eastern Province',
    [
      'Dammam',
      'Al Khobar',
      'Dhahran',
      'Al Hofuf',
      'Al Mubarraz',
      'Al Jubail',
      'Qatif',
      'Hafar Al Batin',
      'Ras Tanura',
    ],
    { 'ar-SA': 'المنطقة الشرقية', 'fr-CA': 'Province orientale' },
  ),
  region('SA-05', 'Al Qassim', ['Buraydah', 'Unaizah', 'Ar Rass', 'Al Bukayriyah'], {
    'ar-SA': 'القصيم',
  }),
  region('SA-06', "Ha'il", ["Ha'il", 'Baqaa', 'Al Ghazalah'], { 'ar-SA': 'حائل' }),
  region('SA-07', 'Tabuk', ['Tabuk', 'Duba', 'Al Wajh', 'Umluj', 'Tayma'], { 'ar-SA': 'تبوك' }),
  region('SA-08', 'Northern Borders', ['Arar', 'Rafha', 'Turaif'], {
    'ar-SA': 'الحدود الشمالية',
    'fr-CA': 'Frontières du Nord',
  }),
  region('SA-09', 'Jazan', ['Jazan', 'Sabya', 'Abu Arish', 'Samtah'], { 'ar-SA': 'جازان' }),
  region('SA-10', 'Najran', ['Najran', 'Sharurah'], { 'ar-SA': 'نجران' }),
  region('SA-11', 'Al Bahah', ['Al Bahah', 'Baljurashi', 'Al Mandaq'], { 'ar-SA': 'الباحة' }),
  region('SA-12', 'Al Jawf', ['Sakaka', 'Dumat al-Jandal', 'Al Qurayyat'], { 'ar-SA': 'الجوف' }),
  region('SA-14', 'Asir', ['Abha', 'Khamis Mushait', 'Bisha', 'Muhayil', 'An Namas'], {
    'ar-SA': 'عسير',
  }),
]

/** Every country id the demo data knows; the internal study may test in any of them. */
const INTERNAL_COUNTRY_IDS = [235, 14, 158, 169, 195]

/** The five programmes, in the order the metadata lists them. */
export const SIGNUP_PROGRAMMES: readonly SignupProgramme[] = [
  {
    owner: 'nz',
    study_name: 'Measuring Broadband New Zealand',
    variant: 'general',
    form: 'standard',
    default_country_id: 158,
    country_ids: [158],
    branding: { logo: '/signup-logos/nz.svg', primary_colour: '#0b4f6c' },
    links: {
      terms: '/hc/search?query=terms',
      faq: '/hc',
      reports: 'https://comcom.govt.nz',
      contact: 'mailto:mbnz@whitebox.example',
    },
    regions: NZ_REGIONS,
    asks: { postcode: true, phone: true, fibre_availability: false },
  },
  {
    owner: 'au',
    study_name: 'Measuring Broadband Australia',
    variant: 'general',
    form: 'standard',
    default_country_id: 14,
    country_ids: [14],
    branding: { logo: '/signup-logos/au.svg', primary_colour: '#00573f' },
    links: {
      terms: '/hc/search?query=terms',
      faq: '/hc',
      reports: 'https://www.accc.gov.au',
      contact: 'mailto:mba@whitebox.example',
    },
    regions: AU_REGIONS,
    asks: { postcode: true, phone: false, fibre_availability: false },
  },
  {
    owner: 'om',
    study_name: 'TRA Oman Broadband Measurement Study',
    study_name_translations: {
      'ar-SA': 'دراسة هيئة تنظيم الاتصالات لقياس أداء النطاق العريض في عُمان',
      'fr-CA': 'Étude de la TRA sur le haut débit à Oman',
    },
    variant: 'general',
    form: 'standard',
    default_country_id: 169,
    country_ids: [169],
    branding: { logo: '/signup-logos/om.svg', primary_colour: '#9b1b30' },
    links: {
      terms: '/hc/search?query=terms',
      faq: '/hc',
      reports: 'https://www.tra.gov.om',
      contact: 'mailto:oman-study@whitebox.example',
    },
    regions: OM_REGIONS,
    asks: { postcode: false, phone: true, fibre_availability: true },
  },
  {
    owner: 'sa',
    study_name: 'CST Saudi Arabia Fixed-Line Fibre Study',
    study_name_translations: {
      'ar-SA': 'دراسة هيئة الاتصالات والفضاء والتقنية للألياف الضوئية الثابتة',
      'fr-CA': 'Étude de la CST sur la fibre fixe en Arabie saoudite',
    },
    variant: 'fixed_line_fibre',
    form: 'saudi',
    default_country_id: 195,
    country_ids: [195],
    branding: { logo: '/signup-logos/sa.svg', primary_colour: '#006c35' },
    links: {
      terms: '/hc/search?query=terms',
      faq: '/hc',
      reports: 'https://www.cst.gov.sa',
      contact: 'mailto:saudi-study@whitebox.example',
    },
    regions: SA_REGIONS,
    asks: { postcode: false, phone: true, fibre_availability: false },
  },
  {
    owner: 'internal',
    study_name: 'Whitebox internal testing',
    study_name_translations: {
      'ar-SA': 'اختبارات Whitebox الداخلية',
      'fr-CA': 'Tests internes de Whitebox',
    },
    variant: 'general',
    form: 'standard',
    default_country_id: 235,
    country_ids: INTERNAL_COUNTRY_IDS,
    branding: { logo: '/signup-logos/internal.svg', primary_colour: '#3b3f5c' },
    links: {
      terms: '/hc/search?query=terms',
      faq: '/hc',
      reports: '/hc',
      contact: 'mailto:testing@whitebox.example',
    },
    regions: [],
    asks: { postcode: true, phone: false, fibre_availability: false },
  },
]

/** The programme of an owner (every owner of the contract has one). */
export function programmeOf(owner: SignupOwner): SignupProgramme {
  const programme = SIGNUP_PROGRAMMES.find((p) => p.owner === owner)
  if (!programme) throw new Error(`no sign-up programme for ${owner}`)
  return programme
}

/** The region with this id (ISO 3166-2 code, any case) in a programme, or null. */
export function findRegion(programme: SignupProgramme, id: string): SignupRegion | null {
  const wanted = id.trim().toUpperCase()
  return programme.regions.find((r) => r.id === wanted) ?? null
}

/** The city's canonical spelling in the region (case- and accent-insensitive), or null. */
export function findCity(region: SignupRegion, name: string): string | null {
  const key = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLocaleLowerCase('en')
      .replace(/['’`]/g, '')
      .replace(/[\s-]+/g, ' ')
      .trim()
  const wanted = key(name)
  return region.cities.find((city) => key(city) === wanted) ?? null
}

/** The region of a Saudi city (by name), for the 4-step form's free-text city; null if unknown. */
export function saudiRegionOfCity(city: string): { region: string; city: string } | null {
  for (const r of SA_REGIONS) {
    const found = findCity(r, city)
    if (found) return { region: r.id, city: found }
  }
  return null
}
