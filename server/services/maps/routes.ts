import type { FastifyInstance } from 'fastify'

/** Map data of the analytics service (seeds 001 §3.1 map, raw_map, geo_heatmap, lat_lon, raw_mobile). */
export async function mapsRoutes(_app: FastifyInstance): Promise<void> {}
