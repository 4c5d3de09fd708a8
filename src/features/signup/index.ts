export { SignupPage, type SignupPageProps, type SignupSearch } from './SignupPage'
export {
  ProviderFields,
  type ProviderFieldNames,
  type ProviderValues,
} from './components/ProviderFields'
export { SelectField } from './components/SelectField'
export { signupCountryQueryOptions, signupKeys } from './signup.queries'
export { choiceValue, otherText } from './choices'
export { signupMetadataQueryOptions } from './signup.queries'
