// The shape of the help centre, shared by every locale: ids are explicit and stable (links in
// article bodies, the client's offline copy and bookmarks all use them), positions follow the
// order below. Ids read as category c, section c·10+n, article section·100+n.

/** The categories, in the order the home page shows them. */
export const HC_CATEGORY_IDS = [1, 2, 3, 4, 5] as const
export type HcCategoryId = (typeof HC_CATEGORY_IDS)[number]

/** The sections, grouped by category, in reading order. */
export const HC_SECTIONS = [
  { id: 11, categoryId: 1 },
  { id: 12, categoryId: 1 },
  { id: 13, categoryId: 1 },
  { id: 21, categoryId: 2 },
  { id: 22, categoryId: 2 },
  { id: 31, categoryId: 3 },
  { id: 32, categoryId: 3 },
  { id: 33, categoryId: 3 },
  { id: 41, categoryId: 4 },
  { id: 42, categoryId: 4 },
  { id: 51, categoryId: 5 },
  { id: 52, categoryId: 5 },
] as const satisfies readonly { id: number; categoryId: HcCategoryId }[]
export type HcSectionId = (typeof HC_SECTIONS)[number]['id']

type ArticlePlace = {
  id: number
  sectionId: HcSectionId
  /** Shown on the help centre's home page. */
  promoted: boolean
  labels: readonly string[]
  /** Days before the seed's "now" that it was first published and last edited. */
  publishedDaysAgo: number
  editedDaysAgo: number
}

/** The articles, grouped by section, in reading order. */
export const HC_ARTICLES = [
  // Volunteering — About the studies
  {
    id: 1101,
    sectionId: 11,
    promoted: true,
    labels: ['studies', 'volunteering'],
    publishedDaysAgo: 420,
    editedDaysAgo: 30,
  },
  {
    id: 1102,
    sectionId: 11,
    promoted: false,
    labels: ['studies', 'selection', 'signup'],
    publishedDaysAgo: 420,
    editedDaysAgo: 45,
  },
  {
    id: 1103,
    sectionId: 11,
    promoted: false,
    labels: ['studies', 'cost'],
    publishedDaysAgo: 400,
    editedDaysAgo: 120,
  },
  // Volunteering — Your privacy
  {
    id: 1201,
    sectionId: 12,
    promoted: false,
    labels: ['privacy', 'data'],
    publishedDaysAgo: 420,
    editedDaysAgo: 60,
  },
  {
    id: 1202,
    sectionId: 12,
    promoted: false,
    labels: ['privacy', 'reports'],
    publishedDaysAgo: 380,
    editedDaysAgo: 90,
  },
  // Volunteering — Changing your mind
  {
    id: 1301,
    sectionId: 13,
    promoted: false,
    labels: ['leaving', 'return'],
    publishedDaysAgo: 360,
    editedDaysAgo: 50,
  },
  {
    id: 1302,
    sectionId: 13,
    promoted: false,
    labels: ['signup', 'status', 'profile'],
    publishedDaysAgo: 200,
    editedDaysAgo: 12,
  },
  // Your Whitebox — Setting up
  {
    id: 2101,
    sectionId: 21,
    promoted: true,
    labels: ['setup', 'installation'],
    publishedDaysAgo: 420,
    editedDaysAgo: 20,
  },
  {
    id: 2102,
    sectionId: 21,
    promoted: false,
    labels: ['setup', 'router', 'mesh'],
    publishedDaysAgo: 410,
    editedDaysAgo: 75,
  },
  {
    id: 2103,
    sectionId: 21,
    promoted: false,
    labels: ['lights', 'setup'],
    publishedDaysAgo: 410,
    editedDaysAgo: 100,
  },
  // Your Whitebox — Living with your Whitebox
  {
    id: 2201,
    sectionId: 22,
    promoted: false,
    labels: ['moving', 'address'],
    publishedDaysAgo: 300,
    editedDaysAgo: 40,
  },
  {
    id: 2202,
    sectionId: 22,
    promoted: false,
    labels: ['broadband', 'isp', 'package'],
    publishedDaysAgo: 300,
    editedDaysAgo: 25,
  },
  {
    id: 2203,
    sectionId: 22,
    promoted: false,
    labels: ['return', 'leaving'],
    publishedDaysAgo: 280,
    editedDaysAgo: 80,
  },
  // Your account — Signing in
  {
    id: 3101,
    sectionId: 31,
    promoted: false,
    labels: ['sign-in', 'dashboard'],
    publishedDaysAgo: 420,
    editedDaysAgo: 35,
  },
  {
    id: 3102,
    sectionId: 31,
    promoted: true,
    labels: ['password', 'sign-in'],
    publishedDaysAgo: 420,
    editedDaysAgo: 15,
  },
  {
    id: 3103,
    sectionId: 31,
    promoted: false,
    labels: ['sign-in', 'locked', 'password'],
    publishedDaysAgo: 350,
    editedDaysAgo: 15,
  },
  // Your account — Preferences
  {
    id: 3201,
    sectionId: 32,
    promoted: false,
    labels: ['language', 'settings'],
    publishedDaysAgo: 250,
    editedDaysAgo: 10,
  },
  {
    id: 3202,
    sectionId: 32,
    promoted: false,
    labels: ['email', 'alerts', 'settings'],
    publishedDaysAgo: 330,
    editedDaysAgo: 28,
  },
  {
    id: 3203,
    sectionId: 32,
    promoted: false,
    labels: ['app', 'offline'],
    publishedDaysAgo: 120,
    editedDaysAgo: 8,
  },
  // Your account — Your data
  {
    id: 3301,
    sectionId: 33,
    promoted: false,
    labels: ['account', 'privacy', 'deletion'],
    publishedDaysAgo: 390,
    editedDaysAgo: 55,
  },
  // Our tests — How testing works
  {
    id: 4101,
    sectionId: 41,
    promoted: true,
    labels: ['tests', 'schedule'],
    publishedDaysAgo: 420,
    editedDaysAgo: 18,
  },
  {
    id: 4102,
    sectionId: 41,
    promoted: false,
    labels: ['tests', 'data-usage'],
    publishedDaysAgo: 400,
    editedDaysAgo: 65,
  },
  {
    id: 4103,
    sectionId: 41,
    promoted: false,
    labels: ['instant-test'],
    publishedDaysAgo: 150,
    editedDaysAgo: 6,
  },
  // Our tests — What we measure
  {
    id: 4201,
    sectionId: 42,
    promoted: false,
    labels: ['speed', 'metrics'],
    publishedDaysAgo: 420,
    editedDaysAgo: 70,
  },
  {
    id: 4202,
    sectionId: 42,
    promoted: false,
    labels: ['latency', 'packet-loss', 'metrics'],
    publishedDaysAgo: 420,
    editedDaysAgo: 70,
  },
  {
    id: 4203,
    sectionId: 42,
    promoted: false,
    labels: ['dns', 'web-browsing', 'metrics'],
    publishedDaysAgo: 410,
    editedDaysAgo: 95,
  },
  {
    id: 4204,
    sectionId: 42,
    promoted: false,
    labels: ['video', 'gaming', 'metrics'],
    publishedDaysAgo: 410,
    editedDaysAgo: 95,
  },
  {
    id: 4205,
    sectionId: 42,
    promoted: false,
    labels: ['disconnections', 'metrics'],
    publishedDaysAgo: 380,
    editedDaysAgo: 33,
  },
  // Troubleshooting — Offline or quiet
  {
    id: 5101,
    sectionId: 51,
    promoted: true,
    labels: ['offline', 'troubleshooting'],
    publishedDaysAgo: 420,
    editedDaysAgo: 5,
  },
  {
    id: 5102,
    sectionId: 51,
    promoted: false,
    labels: ['router', 'troubleshooting'],
    publishedDaysAgo: 340,
    editedDaysAgo: 42,
  },
  // Troubleshooting — Results look wrong
  {
    id: 5201,
    sectionId: 52,
    promoted: false,
    labels: ['speed', 'troubleshooting'],
    publishedDaysAgo: 400,
    editedDaysAgo: 22,
  },
  {
    id: 5202,
    sectionId: 52,
    promoted: false,
    labels: ['wifi', 'ethernet', 'troubleshooting'],
    publishedDaysAgo: 400,
    editedDaysAgo: 60,
  },
  {
    id: 5203,
    sectionId: 52,
    promoted: false,
    labels: ['instant-test', 'troubleshooting'],
    publishedDaysAgo: 150,
    editedDaysAgo: 6,
  },
] as const satisfies readonly ArticlePlace[]
export type HcArticleId = (typeof HC_ARTICLES)[number]['id']

/** The words of one locale: every category, section and article must be there (tsc checks). */
export type HcLocaleContent = {
  categories: Record<HcCategoryId, { name: string; description: string }>
  sections: Record<HcSectionId, { name: string; description: string }>
  /** Bodies use p, h2, h3, ul, ol, li, strong, em, code, br and a[href https or /hc/…]. */
  articles: Record<HcArticleId, { title: string; body: string }>
}
