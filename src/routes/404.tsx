import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../features/shell'

export const Route = createFileRoute('/404')({
  component: NotFoundPage,
})
