export { ProfilePage } from './ProfilePage'
