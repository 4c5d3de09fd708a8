import { domMax } from 'framer-motion'

/** framer-motion's features with layout animations (the settings menu's moving marker). */
export default domMax
