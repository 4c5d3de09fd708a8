export { SignupPage, type SignupPageProps, type SignupSearch } from './SignupPage'
export {
  ProviderFields,
  type ProviderFieldNames,
  type ProviderValues,
} from './components/ProviderFields'
export { signupCountryQueryOptions, signupKeys } from './signup.queries'
export { choiceValue, findIsp, otherText, withProviderAnswer } from './choices'
export { signupMetadataQueryOptions } from './signup.queries'
export { useRegionName, useStudyName } from './names'
export { stepMove } from './step-history'
