import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../features/placeholder'

// Every help-centre address (a locale, categories, sections, articles, search) until it is built.
export const Route = createFileRoute('/hc/$')({
  component: () => <AreaNotBuilt area="helpCentre" />,
})
