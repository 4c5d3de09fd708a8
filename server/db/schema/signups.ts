/** Volunteer sign-ups (seeds 000 §3), including the Saudi study's addresses. */
import { boolean, index, integer, jsonb, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'
import { countries, isps, packages } from './units.ts'

export const signupStatus = pgEnum('signup_status', [
  'signup',
  'waiting_list',
  'selected',
  'shipping',
])

export const volunteerSignups = pgTable(
  'volunteer_signups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The study that recruited the volunteer: nz, au, om, sa or internal. */
    owner: text('owner').notNull(),
    status: signupStatus('status').notNull().default('signup'),
    countryId: integer('country_id').references(() => countries.id),
    region: text('region'),
    city: text('city'),
    postcode: text('postcode'),
    mobileNumber: text('mobile_number'),
    fibreAvailability: boolean('fibre_availability'),
    /** null with ispOther null = "I don't know" (-1); null with ispOther set = other (0). */
    ispId: integer('isp_id').references(() => isps.id),
    ispOther: text('isp_other'),
    packageId: integer('package_id').references(() => packages.id),
    packageOther: text('package_other'),
    /** Language of the application, with an underscore (en_GB, ar_SA, fr_CA). */
    locale: text('locale').notNull().default('en_GB'),
    /** The Saudi study's addresses (seeds 000 §3); null for the standard form. */
    installationAddress: jsonb('installation_address').$type<SignupAddress>(),
    deliveryAddress: jsonb('delivery_address').$type<SignupAddress>(),
    agreedAt: at('agreed_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('volunteer_signups_user_idx').on(t.userId)],
)

export type SignupAddress = {
  line1: string
  line2: string | null
  line3: string | null
  city: string
  postcode: string
  country_id: number
  phone: string | null
}
