export { AreaNotBuilt } from './AreaNotBuilt'
export type { AreaId } from './areas'
export { requireArea, requireSessionCheck } from './guards'
