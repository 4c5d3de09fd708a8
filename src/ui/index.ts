export { Alert, type AlertProps } from './Alert'
export { Button, type ButtonProps } from './Button'
export { Card, type CardProps } from './Card'
export { Checkbox, type CheckboxProps } from './Checkbox'
export { PageTitle, type PageTitleProps } from './PageTitle'
export { PasswordField, type PasswordFieldProps } from './PasswordField'
export { Spinner, type SpinnerProps } from './Spinner'
export { TextField, type TextFieldProps } from './TextField'
export {
  SearchField,
  highlightParts,
  type HighlightPart,
  type SearchFieldProps,
  type SearchSuggestion,
} from './SearchField'
