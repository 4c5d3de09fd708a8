export { ScannerButton, type ScannerButtonProps } from './ScannerButton'
