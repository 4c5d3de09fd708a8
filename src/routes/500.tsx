import { createFileRoute } from '@tanstack/react-router'
import { ServerErrorPage } from '../features/shell'

export const Route = createFileRoute('/500')({
  component: ServerErrorPage,
})
