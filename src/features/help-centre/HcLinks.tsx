import { Link } from '@tanstack/react-router'
import type { HcCategory, HcLocale, HcSection } from '#contracts/help-centre.ts'

/** A link to a category's page, named by the category. */
export function CategoryLink({ locale, category }: { locale: HcLocale; category: HcCategory }) {
  return (
    <Link
      to="/hc/{-$locale}/categories/$categoryId"
      params={{ locale, categoryId: String(category.id) }}
    >
      {category.name}
    </Link>
  )
}

/** A link to a section's page, named by the section. */
export function SectionLink({ locale, section }: { locale: HcLocale; section: HcSection }) {
  return (
    <Link
      to="/hc/{-$locale}/sections/$sectionId"
      params={{ locale, sectionId: String(section.id) }}
    >
      {section.name}
    </Link>
  )
}
