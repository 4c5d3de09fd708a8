// The form layer (ARCHITECTURE.md "A form is a schema plus codes"): contract codes → messages in
// one place, one error summary and alert, one focus rule, one submit state machine, drafts.
export {
  codeOf,
  fieldCodesOf,
  fieldIn,
  fieldsInError,
  formCodeMessage,
  isKnownFormCode,
  refusalOf,
  type FieldCode,
  type FieldCodes,
  type Refusal,
} from './form-codes'
export {
  INITIAL_SUBMIT_STATE,
  submitReducer,
  type SubmitEvent,
  type SubmitFailure,
  type SubmitState,
  type SubmitStatus,
} from './submit-machine'
export {
  useFormSubmit,
  type FormSubmitOptions,
  type SubmitOutcome,
  type SubmitRequest,
} from './useFormSubmit'
export {
  FORM_ALERT_ATTRIBUTE,
  focusFirstInvalid,
  useFocusFirstInvalid,
} from './useFocusFirstInvalid'
export { useFieldErrors, type FieldSpec, type FieldSpecs, type SummaryItem } from './useFieldErrors'
export { useFormValues } from './useFormValues'
export { FormAlert } from './FormAlert'
export { ErrorSummary } from './ErrorSummary'
export { usePasswordChecklist } from './PasswordChecklist'
export {
  createDrafts,
  DRAFT_WRITE_DELAY_MS,
  type DraftStorage,
  type Drafts,
  type StoredDraft,
} from './drafts'
