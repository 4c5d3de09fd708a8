export { AreaNotBuilt } from './AreaNotBuilt'
export type { AreaId } from './areas'
