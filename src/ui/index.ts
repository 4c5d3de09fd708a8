export { Alert, type AlertProps } from './Alert'
export { Button, type ButtonProps } from './Button'
export { BrandMark } from './BrandMark'
export { Card, type CardProps } from './Card'
export { Checkbox, type CheckboxProps } from './Checkbox'
export { FieldShell, type FieldControlProps, type FieldShellProps } from './FieldShell'
export { Ltr } from './Ltr'
export { PageTitle, type PageTitleProps } from './PageTitle'
export { PasswordField, type PasswordFieldProps } from './PasswordField'
export { SelectField, type SelectFieldProps } from './SelectField'
export { Spinner, type SpinnerProps } from './Spinner'
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField'
export { TextField, type TextFieldProps } from './TextField'
export {
  SearchField,
  highlightParts,
  type HighlightPart,
  type SearchFieldProps,
  type SearchSuggestion,
} from './SearchField'
export { LinkButton } from './LinkButton'
export { ToastProvider, useToast, type ToastApi, type ToastOptions } from './Toast'
export { cardClassName, type CardVariant } from './Card'
export { buttonClassName, type ButtonVariant } from './Button'
export { RenderLater, type RenderLaterProps } from './RenderLater'
export { afterNextPaint } from './after-next-paint'
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog'
export { default as dialogStyles } from './Dialog.module.css'
